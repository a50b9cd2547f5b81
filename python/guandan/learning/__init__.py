"""Guandan for learning agents: the action and observation encodings
(``actions``, ``encoding``), PettingZoo and Gymnasium environments
(``env``) and an OpenSpiel game (``openspiel``). It stands on
:mod:`guandan.gd`."""

"""Guandan for learning agents: the action and observation encodings
(``actions``, ``encoding``), PettingZoo and Gymnasium environments
(``env``), the batched environment stepped in C++ (``batch``, and its
Gymnasium vector face ``vector_env``) and an OpenSpiel game
(``openspiel``). It stands on :mod:`guandan.gd`."""

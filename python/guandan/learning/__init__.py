"""Both games for learning agents. Guandan: the action and observation
encodings (``actions``, ``encoding``), PettingZoo and Gymnasium environments
(``env``), the batched environment stepped in C++ (``batch``) and an
OpenSpiel game (``openspiel``). Gan Deng Yan: its encodings
(``gdy_actions``, ``gdy_encoding``) and batched environment
(``gdy_batch``). The two batched environments share ``batch_base``, their
observations' ``fields`` and their Gymnasium vector faces
(``vector_env``). It stands on :mod:`guandan.gd` and :mod:`guandan.gdy`."""

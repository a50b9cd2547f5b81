"""The Guandan AI competition's websocket protocol (docs/judge.md).

- :mod:`.cards`: the protocol's card strings (``S9``, ``HT``, ``SB``, ``HR``);
- :mod:`.actions`: protocol actions ``[type, rank, cards]`` and engine Moves,
  both ways;
- :mod:`.messages`: the JSON messages a judge sends a seat;
- :mod:`.server`: ``guandan judge``, the websocket judge;
- :mod:`.client`: ``guandan connect``, our bots as clients of any judge.
"""

"""The game-neutral layer both games stand on (``guandan`` and
``guandan.gdy``): argument checks, result columns, the chunked simulation
runner, intervals and summary lines, and terminal text. Nothing here knows
a game; neither game imports the other, only this."""

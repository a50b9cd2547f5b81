"""Botzone's GuanDan: its card numbers and messages (:mod:`.cards`,
:mod:`.protocol`), the rules its judge adds to the ``botzone`` ruleset
(:mod:`.rules`), our bots as its bot programs (:mod:`.bot`, ``guandan
botzone``) and its judge replayed locally (:mod:`.judge`, ``guandan
botzone-judge``). docs/guides/botzone.md tells how to use them."""

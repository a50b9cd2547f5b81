// Gan Deng Yan's rules page: its example cards (ranks, "JK" for a joker)
// and its practice deal, a short game against two rule bots (rules_page.js).
import { cardFace } from "/static/gdy_cards.js";
import { startRulesPage } from "/static/rules_page.js";

startRulesPage({
  game: "gdy",
  cardsOf: (slot) => slot.dataset.cards.split(" ").map((text) => cardFace(text)),
  practice: { game: "gdy", players: 3, bots: "rule", target: 20 },
});

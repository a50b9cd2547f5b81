// Guandan's rules page: its example cards at their data-level (2 when none),
// and its practice deal against simple bots (rules_page.js).
import { cardElement, splitCards } from "/static/cards.js";
import { startRulesPage } from "/static/rules_page.js";

startRulesPage({
  game: "guandan",
  cardsOf: (slot) => splitCards(slot.dataset.cards).map((text) => cardElement(text, slot.dataset.level || "2")),
  practice: { ruleset: "standard", bots: "simple" },
});

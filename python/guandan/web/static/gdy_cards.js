// Gan Deng Yan's cards as the table, the replay and the rules page draw
// them: the rank alone (suits do not matter in this game), the joker starred
// and named, each card named for a screen reader in the page's language.
import { t } from "/static/i18n.js";
import { el } from "/static/table_view.js";
import { rankName } from "/static/cards.js";

/** A card face for the card text `text` ("7", "10", "JK"). */
export function cardFace(text, className = "card gdy-card") {
  const joker = text === "JK";
  const face = el("span", className + (joker ? " joker" : ""));
  face.append(el("span", "rank", joker ? "★" : text));
  if (joker) face.append(el("span", "joker-name", t("gdy.joker")));
  face.setAttribute("role", "img"); // named for a screen reader: "jack", "joker"
  face.setAttribute("aria-label", joker ? t("gdy.joker") : rankName(text));
  return face;
}

/** A row of card faces. */
export function cardRow(texts, className = "card-row") {
  const row = el("span", className);
  row.append(...texts.map((text) => cardFace(text)));
  return row;
}

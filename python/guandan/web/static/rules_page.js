// What the rules pages of the games share: a picture of the cards of every
// example (each element with data-cards), named for screen readers in the
// page's language and drawn again when it changes, and the practice deal
// the page starts: a game against bots with the coach on (the table's
// ?practice=1).
import { initI18n, loadGame, t, pick } from "/static/i18n.js";
import { api, currentPlayer } from "/static/api.js";

const $ = (id) => document.getElementById(id);

/** An element with its attributes; `text` a key of the catalogue (filled by applyI18n). */
function node(tag, attributes, text, children = []) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  if (text) element.dataset.i18n = text;
  element.append(...children);
  return element;
}

/** The practice section's form, the same on both pages (each page keeps its
 * own heading and words on what the practice is). */
function practiceForm() {
  const nameField = node("span", { id: "practice-name-field", class: "row", style: "margin:0", hidden: "" }, null, [
    node("label", { for: "practice-name" }, "lobby.nickname"),
    node("input", { id: "practice-name", maxlength: "20", autocomplete: "nickname" }),
  ]);
  const form = node("form", { class: "row", id: "practice-form" }, null, [
    nameField, node("button", { id: "practice-go", class: "primary", type: "submit" }, "practice.go"),
  ]);
  return [form, node("p", { id: "practice-message", class: "message", role: "status" })];
}

function say(text) {
  $("practice-message").textContent = text;
}

async function startPractice(event, practice) {
  event.preventDefault();
  $("practice-go").disabled = true;
  try {
    if (!(await currentPlayer().catch(() => null))) {
      const name = $("practice-name").value.trim();
      if (!name) {
        $("practice-name-field").hidden = false;
        $("practice-name").focus();
        say(t("lobby.nickname.needed"));
        return;
      }
      await api("POST", "/api/session", { name });
    }
    const reply = await api("POST", "/api/tables/vs-bots", practice);
    location.href = `${reply.table.link}?practice=1`;
  } catch (error) {
    say(error.text ? pick(error.text) : String(error));
  } finally {
    $("practice-go").disabled = false;
  }
}

/**
 * Start the rules page of `game` (whose texts it loads): `cardsOf(slot)`
 * gives the card elements of an example (from its data-cards), `practice`
 * the body of the practice deal's request (POST /api/tables/vs-bots).
 */
export async function startRulesPage({ game, cardsOf, practice }) {
  $("practice").append(...practiceForm()); // before initI18n fills its texts
  await loadGame(game);
  initI18n();
  const draw = () => {
    for (const slot of document.querySelectorAll("[data-cards]")) slot.replaceChildren(...cardsOf(slot));
  };
  draw();
  document.addEventListener("langchange", draw); // the cards' names in the new language
  $("practice-form").addEventListener("submit", (event) => startPractice(event, practice));
  $("practice-name-field").hidden = Boolean(await currentPlayer().catch(() => null));
}

// The rules page: a picture of the cards of every example (each element
// with data-cards, at its data-level or 2), named for screen readers in the
// page's language, and the practice deal: a game against simple bots with
// the coach on and the table's guide (table.js, ?practice=1).
import { initI18n, t, pick } from "/static/i18n.js";
import { api, currentPlayer } from "/static/api.js";
import { cardElement, splitCards } from "/static/cards.js";

const $ = (id) => document.getElementById(id);

function drawExamples() {
  for (const slot of document.querySelectorAll("[data-cards]")) {
    const level = slot.dataset.level || "2";
    slot.replaceChildren(...splitCards(slot.dataset.cards).map((text) => cardElement(text, level)));
  }
}

function say(text) {
  $("practice-message").textContent = text;
}

async function startPractice(event) {
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
    const reply = await api("POST", "/api/tables/vs-bots", { ruleset: "standard", bots: "simple" });
    location.href = `${reply.table.link}?practice=1`;
  } catch (error) {
    say(error.text ? pick(error.text) : String(error));
  } finally {
    $("practice-go").disabled = false;
  }
}

async function main() {
  initI18n();
  drawExamples();
  document.addEventListener("langchange", drawExamples); // the cards' names in the new language
  $("practice-form").addEventListener("submit", startPractice);
  $("practice-name-field").hidden = Boolean(await currentPlayer().catch(() => null));
}

main();

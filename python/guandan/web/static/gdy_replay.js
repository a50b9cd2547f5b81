// The replay of a finished Gan Deng Yan game, step by step with every hand
// shown: the server deals each deal again from the stored game and sends the
// steps (GET /api/tables/{code}/replay, docs/web.md §7).
import { initI18n, loadGame, t, pick } from "/static/i18n.js";
import { api, parseTableCode } from "/static/api.js";
import { el, playerName } from "/static/table_view.js";
import { cardRow } from "/static/gdy_cards.js";

const $ = (id) => document.getElementById(id);
const code = parseTableCode(new URLSearchParams(location.search).get("code") || "");
const state = { replay: null, deal: 0, step: 0 };

const seatLabel = (seat) => playerName(state.replay.seats, seat);

function eventText(step) {
  const action = step.action;
  if (!action) return t("replay.start");
  const text = action.type === "pass" ? t("log.passes", { name: seatLabel(action.seat) })
    : t("log.plays", { name: seatLabel(action.seat), move: pick(action.name) });
  return step.drew ? `${text} — ${t("gdy.draw")}` : text;
}

function render() {
  const replay = state.replay;
  if (!replay) return;
  const deal = replay.deals[state.deal];
  const step = deal.steps[state.step];
  $("deal-select").value = String(state.deal);
  $("step-slider").max = String(deal.steps.length - 1);
  $("step-slider").value = String(state.step);
  $("step-text").textContent = t("replay.step", { i: state.step, n: deal.steps.length - 1 });
  $("replay-seats").replaceChildren(...step.hands.map((hand, seat) => {
    const box = el("li", "seat-box gdy-seat" + (step.turn === seat ? " turn" : ""));
    box.dataset.seat = String(seat);
    box.append(el("strong", "seat-name", seatLabel(seat)), el("div", "seat-cards", t("seat.cards", { n: hand.length })), cardRow(hand));
    return box;
  }));
  $("replay-event").textContent = eventText(step);
  $("replay-play").replaceChildren(...(step.table ? [el("div", null, `${seatLabel(step.table.seat)}: ${pick(step.table.name)}`), cardRow(step.table.cards)] : []));
  $("replay-stock").textContent = t("gdy.stock", { n: step.stock });
  const result = $("replay-result");
  const last = state.step === deal.steps.length - 1 && deal.penalties;
  result.hidden = !last;
  if (last) {
    const list = el("ul", "gdy-penalties");
    deal.penalties.forEach((p, seat) => list.append(el("li", null, `${seatLabel(seat)}: +${p}`)));
    result.replaceChildren(el("p", null, t("gdy.deal.winner", { name: seatLabel(deal.winner) })), list);
  }
}

function go(deal, step) {
  const deals = state.replay.deals;
  state.deal = Math.max(0, Math.min(deals.length - 1, deal));
  state.step = Math.max(0, Math.min(deals[state.deal].steps.length - 1, step));
  render();
}

function fillDeals() {
  $("deal-select").replaceChildren(...state.replay.deals.map((deal, i) => {
    const option = el("option", null, t("replay.dealof", { i: i + 1, n: state.replay.deals.length }));
    option.value = String(i);
    return option;
  }));
}

async function main() {
  await loadGame("gdy");
  initI18n();
  document.addEventListener("langchange", () => { if (state.replay) { fillDeals(); render(); } });
  if (!code) {
    $("replay-message").textContent = t("table.notfound");
    return;
  }
  try {
    state.replay = await api("GET", `/api/tables/${code}/replay`);
  } catch (error) {
    $("replay-message").textContent = pick(error.text);
    return;
  }
  fillDeals();
  $("replay-controls").hidden = false;
  $("replay-table").hidden = false;
  $("deal-select").addEventListener("change", (event) => go(Number(event.target.value), 0));
  $("step-first").addEventListener("click", () => go(state.deal, 0));
  $("step-prev").addEventListener("click", () => go(state.deal, state.step - 1));
  $("step-next").addEventListener("click", () => go(state.deal, state.step + 1));
  $("step-last").addEventListener("click", () => go(state.deal, Infinity));
  $("step-slider").addEventListener("input", (event) => go(state.deal, Number(event.target.value)));
  document.addEventListener("keydown", (event) => {
    const moves = { ArrowLeft: [0, -1], ArrowRight: [0, 1], Home: [0, -Infinity], End: [0, Infinity], PageUp: [-1, null], PageDown: [1, null] };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    if (move[1] === null) go(state.deal + move[0], 0);
    else go(state.deal, state.step + move[1]);
  });
  render();
}

main();

// The replay page: load a match log from a file or from the server, then
// step through it event by event, deal by deal.
import { initI18n, loadGame, t, hasKey, pick } from "/static/i18n.js";
import { api, parseTableCode } from "/static/api.js";
import { cardName, cardRow, moveName, rankLabel, sortCards, splitCards } from "/static/cards.js";
import { readLog, tableAt, LogError } from "/static/replay_state.js";
import { el, outcomeText, playerName, teamOfPlayers } from "/static/table_view.js";

const $ = (id) => document.getElementById(id);
const state = { log: null, deal: 0, step: 0, timer: null };

function say(text, isError = false) {
  $("replay-message").removeAttribute("data-i18n");
  $("replay-message").textContent = text;
  $("replay-message").classList.toggle("error", isError);
}

function load(json) {
  let log;
  try {
    log = readLog(json);
  } catch (error) {
    say(t("replay.bad", { why: error instanceof LogError ? error.message : String(error) }), true);
    return;
  }
  state.log = log;
  state.deal = 0;
  state.step = 0;
  say("");
  $("replay-controls").hidden = false;
  $("replay-table").hidden = false;
  $("r-seat-0-wrap").hidden = false;
  render();
}

function loadText(text) {
  let json;
  try {
    json = JSON.parse(text);
  } catch (error) {
    say(t("replay.bad", { why: error.message }), true);
    return;
  }
  load(json);
}

/** A play named as the table names it (the server's move names). */
function playName(event) {
  const cards = Array.isArray(event.cards) ? event.cards : splitCards(event.cards);
  if (!hasKey(`kind.${event.kind}`)) return cards.join(" ");
  const declared = Array.isArray(event.declared) ? event.declared : splitCards(event.declared || event.cards);
  return moveName(event.kind, event.rank, cards, declared);
}

function seatLabel(seat) {
  return playerName(state.log.players, seat);
}

const teamName = (team) => teamOfPlayers(state.log.players, team);

function describe(event) {
  if (!event) return t("replay.start");
  const name = seatLabel(event.seat);
  if (event.type === "play") return t("log.plays", { name, move: playName(event) });
  if (event.type === "pass") return t("log.passes", { name });
  const key = event.type === "tribute" ? "tribute.paid" : "tribute.returned";
  return t(key, { from: name, to: seatLabel(event.to), card: cardName(event.card, state.log.deals[state.deal].level) });
}

const BADGES = ["badge.first", "badge.second", "badge.third", "badge.last"];

function renderSeat(deal, table, seat) {
  const box = $(`r-seat-${seat}`);
  box.className = `seat-box team${seat % 2}` + (table.next === seat ? " turn" : "");
  const head = el("div", "name", seatLabel(seat));
  const place = table.out.indexOf(seat);
  if (place >= 0) head.append(el("span", "badge", t(BADGES[Math.min(place, 3)])));
  const meta = el("div", "meta", t("seat.cards", { n: table.hands[seat].length }));
  const hand = el("div", "replay-hand");
  hand.append(...cardRow(sortCards(table.hands[seat], deal.level, "level"), deal.level).children);
  const played = el("div", "played");
  const mark = table.marks[seat];
  if (mark && mark.type === "play") played.append(cardRow(mark.cards, deal.level), el("div", "play-name", playName(mark)));
  else if (mark && mark.type === "pass") played.append(el("span", "pass-marker", t("seat.passed")));
  box.replaceChildren(head, meta, hand, played);
}

function render() {
  const log = state.log;
  if (!log) return;
  const deal = log.deals[state.deal];
  const total = deal.events.length;
  state.step = Math.max(0, Math.min(state.step, total));
  const table = tableAt(deal, state.step);

  const select = $("deal-select");
  select.replaceChildren(...log.deals.map((d, i) => {
    const option = el("option", null, `${t("replay.dealof", { i: i + 1, n: log.deals.length })} · ${t("table.playing", { level: rankLabel(d.level) })}`);
    option.value = String(i);
    return option;
  }));
  select.value = String(state.deal);
  $("step-slider").max = String(total);
  $("step-slider").value = String(state.step);
  $("step-text").textContent = t("replay.step", { i: state.step, n: total });

  const levels = $("replay-levels");
  levels.replaceChildren(el("span", null, `${t("lobby.ruleset")}: ${hasKey("option.ruleset." + log.ruleset) ? t("option.ruleset." + log.ruleset) : log.ruleset}`));
  if (deal.before && Array.isArray(deal.before.levels)) {
    levels.append(" · ", el("span", null, `${t("table.levels")}:`));
    for (const team of [0, 1]) levels.append(" ", el("span", `team-tag team${team}`, `${teamName(team)} ${rankLabel(deal.before.levels[team])}`));
  }
  for (const seat of [0, 1, 2, 3]) renderSeat(deal, table, seat);
  $("replay-event").textContent = describe(table.last);
  const result = $("replay-result");
  result.replaceChildren();
  if (state.step === total && deal.outcome) {
    result.append(el("div", null, outcomeText(deal.outcome)));
    if (deal.before && deal.after) {
      for (const team of [0, 1]) {
        result.append(el("div", null, t("summary.climb", { team: teamName(team), from: rankLabel(deal.before.levels[team]), to: rankLabel(deal.after.levels[team]) })));
      }
      if (deal.after.winner !== null && deal.after.winner !== undefined) result.append(el("div", null, t("summary.matchwinner.named", { team: teamName(deal.after.winner) })));
    }
  }
}

function go(dealIndex, step) {
  if (!state.log) return;
  state.deal = Math.max(0, Math.min(dealIndex, state.log.deals.length - 1));
  state.step = step === "end" ? state.log.deals[state.deal].events.length : step;
  render();
}

function stepBy(delta) {
  if (!state.log) return;
  const total = state.log.deals[state.deal].events.length;
  const next = state.step + delta;
  if (next > total && state.deal + 1 < state.log.deals.length) go(state.deal + 1, 0);
  else if (next < 0 && state.deal > 0) go(state.deal - 1, "end");
  else go(state.deal, next);
}

function autoPlay(on) {
  clearInterval(state.timer);
  state.timer = on ? setInterval(() => stepBy(1), 700) : null;
}

async function loadFromServer(code) {
  try {
    load(await api("GET", `/api/tables/${code}/log`));
  } catch (error) {
    say(t("replay.notloaded", { code, why: error.text ? pick(error.text) : String(error) }), true);
  }
}

async function main() {
  await loadGame("guandan");
  initI18n();
  document.addEventListener("langchange", render);
  $("log-file").addEventListener("change", async (event) => {
    const file = event.target.files[0];
    if (file) loadText(await file.text());
  });
  $("server-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const code = parseTableCode($("log-code").value);
    if (!code) return say(t("lobby.join.bad"), true);
    loadFromServer(code);
  });
  $("deal-select").addEventListener("change", (event) => go(Number(event.target.value), 0));
  $("step-first").addEventListener("click", () => go(state.deal, 0));
  $("step-prev").addEventListener("click", () => stepBy(-1));
  $("step-next").addEventListener("click", () => stepBy(1));
  $("step-last").addEventListener("click", () => go(state.deal, "end"));
  $("step-slider").addEventListener("input", (event) => go(state.deal, Number(event.target.value)));
  $("auto-play").addEventListener("change", (event) => autoPlay(event.target.checked));
  document.addEventListener("keydown", (event) => {
    if (event.target && ["INPUT", "SELECT"].includes(event.target.tagName) && event.target.type !== "range") return;
    const actions = {
      ArrowRight: () => stepBy(1), ArrowLeft: () => stepBy(-1), Home: () => go(state.deal, 0), End: () => go(state.deal, "end"),
      PageDown: () => go(state.deal + 1, 0), PageUp: () => go(state.deal - 1, 0),
    };
    if (actions[event.key]) {
      event.preventDefault();
      actions[event.key]();
    }
  });
  const code = new URLSearchParams(location.search).get("code");
  if (code && parseTableCode(code)) {
    $("log-code").value = code;
    loadFromServer(parseTableCode(code));
  }
}

main();

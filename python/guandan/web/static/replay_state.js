// Reading a match or deal log (the versioned JSON of guandan/log.py) and
// working out what the table looked like after each of its events. The log
// of a finished match holds every hand, so a replay shows all four.
import { splitCards } from "/static/cards.js";

export const LOG_FORMAT = "guandan-log";
export const LOG_VERSIONS = [1, 2];

export class LogError extends Error {}

function need(condition, message) {
  if (!condition) throw new LogError(message);
}

function checkDeal(deal, path) {
  need(deal && typeof deal === "object", `${path}: expected an object`);
  need(Array.isArray(deal.hands) && deal.hands.length === 4 && deal.hands.every((h) => typeof h === "string"), `${path}.hands: expected four hands`);
  need(typeof deal.level === "string", `${path}.level: expected a rank`);
  need(Array.isArray(deal.events), `${path}.events: expected a list`);
  deal.events.forEach((event, i) => {
    const where = `${path}.events[${i}]`;
    need(event && typeof event === "object", `${where}: expected an object`);
    need(Number.isInteger(event.seat) && event.seat >= 0 && event.seat < 4, `${where}.seat: expected a seat 0..3`);
    need(["play", "pass", "tribute", "return"].includes(event.type), `${where}.type: unknown event ${JSON.stringify(event.type)}`);
    if (event.type === "play") need(typeof event.cards === "string", `${where}.cards: expected cards`);
    if (event.type === "tribute" || event.type === "return") {
      need(typeof event.card === "string" && Number.isInteger(event.to), `${where}: expected card and to`);
    }
  });
}

/** The deals of a log (parsed JSON), each with the match state before and after it. */
export function readLog(log) {
  need(log && typeof log === "object" && !Array.isArray(log), "expected a JSON object");
  need(log.format === LOG_FORMAT, `format: expected "${LOG_FORMAT}"`);
  need(LOG_VERSIONS.includes(log.version), `version: expected one of ${LOG_VERSIONS.join(", ")}, got ${JSON.stringify(log.version)}`);
  need(log.type === "match" || log.type === "deal", 'type: expected "match" or "deal"');
  const ruleset = log.ruleset && typeof log.ruleset.name === "string" ? log.ruleset.name : "?";
  let deals;
  let states = [];
  if (log.type === "deal") {
    deals = [log.deal];
  } else {
    need(Array.isArray(log.deals), "deals: expected a list");
    deals = log.deals;
    states = Array.isArray(log.states) ? log.states : [];
  }
  deals.forEach((deal, i) => checkDeal(deal, log.type === "deal" ? "deal" : `deals[${i}]`));
  // who played each seat (the server's logs name them; an older file does not)
  const players = Array.isArray(log.players) && log.players.length === 4 && log.players.every((p) => p && typeof p === "object")
    ? log.players : null;
  return {
    type: log.type,
    ruleset,
    players,
    seed: log.seed,
    deals: deals.map((deal, i) => ({
      level: deal.level,
      hands: deal.hands.map(splitCards),
      events: deal.events,
      finishingOrder: deal.finishing_order || [],
      outcome: deal.outcome || null,
      before: states[i] || null,
      after: states[i + 1] || null,
    })),
  };
}

function removeCard(hand, card) {
  const at = hand.indexOf(card);
  if (at >= 0) hand.splice(at, 1);
}

/**
 * The table after the first `step` events of a deal: every hand, each seat's
 * mark in the current trick (its play, or a pass), the seats out in order,
 * and the seat that acts next.
 */
export function tableAt(deal, step) {
  const hands = deal.hands.map((h) => [...h]);
  let marks = [null, null, null, null];
  let lastPlayer = null;
  let passed = new Set();
  const out = [];
  for (const event of deal.events.slice(0, step)) {
    if (event.type === "play") {
      const others = [0, 1, 2, 3].filter((s) => s !== lastPlayer && hands[s].length > 0);
      if (lastPlayer === null || others.every((s) => passed.has(s))) marks = [null, null, null, null];
      const cards = splitCards(event.cards);
      for (const card of cards) removeCard(hands[event.seat], card);
      marks[event.seat] = { type: "play", cards, kind: event.kind, rank: event.rank, declared: splitCards(event.declared || event.cards) };
      lastPlayer = event.seat;
      passed = new Set();
      if (hands[event.seat].length === 0) out.push(event.seat);
    } else if (event.type === "pass") {
      marks[event.seat] = { type: "pass" };
      passed.add(event.seat);
    } else {
      removeCard(hands[event.seat], event.card);
      hands[event.to].push(event.card);
    }
  }
  const next = step < deal.events.length ? deal.events[step].seat : null;
  return { hands, marks, out, next, last: step > 0 ? deal.events[step - 1] : null };
}

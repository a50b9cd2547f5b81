// One modal dialog for the table page: choose a reading, confirm an action,
// show a summary. Content is built from elements, never from HTML strings.
import { t } from "/static/i18n.js";

const $ = (id) => document.getElementById(id);
let current = null;

/**
 * Open the dialog. buttons: [{label, primary, action}] where action returns
 * true to keep the dialog open. Returns a key that close() can check.
 */
export function openDialog(key, title, bodyNodes, buttons) {
  current = key;
  $("dialog-title").textContent = title;
  $("dialog-body").replaceChildren(...bodyNodes);
  $("dialog-buttons").replaceChildren(...buttons.map(({ label, primary, action, id }) => {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = label;
    if (id) button.id = id;
    if (primary) button.className = "primary";
    button.addEventListener("click", () => {
      const keep = action ? action() : false;
      if (!keep) closeDialog();
    });
    return button;
  }));
  $("dialog").hidden = false;
  const first = $("dialog-buttons").querySelector("button.primary") || $("dialog-body").querySelector("button");
  if (first) first.focus();
}

export function closeDialog() {
  current = null;
  $("dialog").hidden = true;
  // no stale buttons or choices linger in the hidden dialog for anything to find
  $("dialog-body").replaceChildren();
  $("dialog-buttons").replaceChildren();
}

export function dialogKey() {
  return $("dialog").hidden ? null : current;
}

/** A yes/no question; resolves true or false. */
export function confirmDialog(title, text) {
  return new Promise((resolve) => {
    const p = document.createElement("p");
    p.textContent = text;
    openDialog("confirm", title, [p], [
      { label: t("act.confirm"), primary: true, id: "dialog-confirm", action: () => { resolve(true); return false; } },
      { label: t("act.cancel"), id: "dialog-cancel", action: () => { resolve(false); return false; } },
    ]);
  });
}

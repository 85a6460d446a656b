// The card table (Streamlit custom component v2): plain JavaScript, no build step, no network.
// Python sends a TableView as `data` (see tutor/ui/table_model.py); the browser keeps the selection and
// sends one answer, {cards: [codes], token}, as the trigger value "answer".

const STEP_MS = 280; // one bot card after the other

function el(tag, attrs = {}, children = []) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "text") node.textContent = v;
    else if (k === "style") node.style.cssText = v;
    else node.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children) if (c) node.appendChild(c);
  return node;
}

function picture(data, code) {
  // The SVG drawn by tutor/ui/cards.py; the name is on the button (or figure), so the picture is hidden.
  return el("img", { src: data.cards[code].src, alt: "", "aria-hidden": "true", draggable: "false" });
}

// The table's words come from Python in the learner's language (data.words); English if they are missing.
function word(data, key, fallback, vars = {}) {
  const text = (data.words && data.words[key]) || fallback;
  return text.replace(/\{(\w+)\}/g, (m, k) => (k in vars ? String(vars[k]) : m));
}

function counterText(data, n) {
  if (data.need) return word(data, "n_of_need", "{n} of {need} chosen", { n, need: data.need });
  return word(data, "n_chosen", "{n} chosen", { n });
}

function ready(data, state) {
  const n = state.chosen.length;
  if (data.mode === "pick") return n === 1;
  if (data.need) return n === data.need;
  return n > 0;
}

function render(root, data, state) {
  const reduced = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  const active = root.getRootNode().activeElement;  // a keyboard user keeps their place across a rerun
  const hadFocus = Boolean(active && root.contains(active) && active.classList.contains("tt-card"));
  root.textContent = "";
  root.dataset.mode = data.mode;
  const wrap = el("div", { class: "tt-wrap" });
  root.appendChild(wrap);
  const choosable = [];

  const cardButton = (code, extra = "") => {
    const name = data.cards[code].name;
    const attrs = {
      type: "button", class: `tt-card ${extra}`.trim(), "data-code": code, "aria-label": name, title: name,
      tabindex: "-1",
    };
    if (data.mode !== "play") attrs["aria-pressed"] = "false";
    const b = el("button", attrs, [picture(data, code)]);
    choosable.push(b);
    return b;
  };

  // ---- the table: seats in play order, each trick card in front of its seat
  if (data.seats.length) {
    const table = el("div", { class: "tt-table", role: "group", "aria-label": word(data, "table", "The table") });
    for (const s of data.seats) {
      // A seat at the table's top or bottom edge has the edge's width for its words; one at a side, less.
      const edge = s.y < 25 ? "top" : s.y > 75 ? "bottom" : "side";
      const seat = el("div", { class: `tt-seat tt-seat-${edge}` + (s.you ? " tt-you" : ""),
        style: `left:${s.x}%;top:${s.y}%`, "data-x": s.x, "data-y": s.y }, [
        el("span", { class: "tt-seat-name", text: s.name }),
      ]);
      const marks = el("div", { class: "tt-seat-marks" });  // the badges and the cards left: one row, wrapped
      s.marks.forEach((m, i) => marks.appendChild(el("span", { class: `tt-mark tt-mark-${m.replace(" ", "-")}`,
        text: (s.mark_labels && s.mark_labels[i]) || m })));
      if (s.cards_left !== null && s.cards_left !== undefined && !s.you) {
        marks.appendChild(el("span", { class: "tt-left", text: s.left_label || `${s.cards_left} cards` }));
      }
      if (marks.childNodes.length) seat.appendChild(marks);
      table.appendChild(seat);
    }
    const showPrev = state.showPrev && data.previous.length;
    const plays = showPrev ? data.previous : data.trick;
    const firstFresh = plays.length - (showPrev || state.animated ? 0 : data.fresh);
    plays.forEach((p, i) => {
      const s = data.seats[p.seat];
      const slot = el("div", { class: "tt-slot", style: `left:${s.tx}%;top:${s.ty}%`, "data-seat": p.seat });
      const label = word(data, "played_by", "{card}, played by {seat}", { card: data.cards[p.card].name, seat: s.name })
        + (p.won ? word(data, "wins", ", wins the trick") : "");
      let face;
      if (data.pick_from === "trick" && !showPrev) {
        face = cardButton(p.card);
        face.setAttribute("aria-label", label);
      } else {
        face = el("div", { class: "tt-played" + (p.won ? " tt-won" : ""), role: "img", "aria-label": label },
          [picture(data, p.card)]);
      }
      if (i >= firstFresh && !reduced) {
        face.classList.add("tt-fresh");
        face.style.setProperty("--from-x", `${(s.x - s.tx) * 2}%`);
        face.style.setProperty("--from-y", `${(s.y - s.ty) * 2}%`);
        face.style.animationDelay = `${(i - firstFresh) * STEP_MS}ms`;
      }
      slot.appendChild(face);
      table.appendChild(slot);
    });
    wrap.appendChild(table);
    fitSeats(table);
    if (state.seatWatch) state.seatWatch.disconnect();
    if (window.ResizeObserver) {  // a phone turned, a sidebar opened: the labels are placed again
      state.seatWatch = new ResizeObserver(() => fitSeats(table));
      state.seatWatch.observe(table);
    }
    const centre = el("div", { class: "tt-under" });
    centre.appendChild(el("span", { class: "tt-trick-label",
      text: showPrev ? word(data, "last_trick", "Last trick") : data.trick_label }));
    if (data.previous.length) {
      const toggle = el("button", { type: "button", class: "tt-toggle", "aria-pressed": showPrev ? "true" : "false",
        text: showPrev ? word(data, "back", "Back to this trick") : word(data, "show_last", "Show the last trick") });
      toggle.addEventListener("click", () => { state.showPrev = !showPrev; state.animated = true; state.refocus = "toggle"; render(root, data, state); });
      centre.appendChild(toggle);
    }
    wrap.appendChild(centre);
    state.animated = true;
  }

  // ---- other cards to look at (a trick given without seats, the dog…)
  for (const g of data.groups) {
    wrap.appendChild(el("div", { class: "tt-group-label", text: g.label }));
    wrap.appendChild(el("div", { class: "tt-row" }, g.cards.map((code) =>
      el("div", { class: "tt-played", role: "img", "aria-label": data.cards[code].name }, [picture(data, code)]))));
  }

  // ---- the hand: the pictures are what you click
  if (data.hand.length) {
    if (data.hand_label) wrap.appendChild(el("div", { class: "tt-group-label", text: data.hand_label }));
    const yourHand = data.hand_label || word(data, "your_hand", "Your hand");
    const label = data.mode === "play" ? word(data, "choose_to_play", "{label}: choose a card to play", { label: yourHand })
      : data.mode === "view" ? yourHand
      : word(data, "choose_then_answer", "{label}: choose, then answer",
        { label: data.hand_label || word(data, "cards", "Cards") });
    const hand = el("div", { class: "tt-hand", role: "group", "aria-label": label });
    for (const code of data.hand) {
      if (data.mode === "view" || data.pick_from === "trick") {
        hand.appendChild(el("div", { class: "tt-played", role: "img", "aria-label": data.cards[code].name },
          [picture(data, code)]));
        continue;
      }
      const extra = (data.marked.includes(code) ? "tt-marked " : "") + (data.dimmed.includes(code) ? "tt-dim" : "");
      hand.appendChild(cardButton(code, extra));
    }
    wrap.appendChild(hand);
  }

  // ---- the answer bar: counter and one button (not for "play": a click plays)
  if (data.mode === "select" || data.mode === "pick") {
    const count = el("span", { class: "tt-count", "aria-live": "polite" });
    const answerButton = el("button", { type: "button", class: "tt-answer", text: data.answer_label });
    answerButton.addEventListener("click", () => send(data, state));
    wrap.appendChild(el("div", { class: "tt-bar" }, [count, answerButton]));
  }
  if (data.mode === "play") {
    wrap.appendChild(el("div", { class: "tt-help",
      text: word(data, "help_play", "Click a card to play it, or use the arrow keys and Enter.") }));
  } else if (data.mode !== "view") {
    wrap.appendChild(el("div", { class: "tt-help",
      text: word(data, "help_choose", "Click the cards (arrow keys and Space also choose), then Enter or the button answers.") }));
  }

  // ---- roving focus: one card is in the tab order, the arrows move it
  if (choosable.length) {
    state.focus = Math.max(0, Math.min(state.focus, choosable.length - 1));
    choosable.forEach((b, i) => {
      b.tabIndex = i === state.focus ? 0 : -1;
      b.addEventListener("click", () => { state.focus = i; choose(root, data, state, b.dataset.code); });
      b.addEventListener("keydown", (e) => onKey(e, root, data, state, choosable, i));
    });
    if (hadFocus) choosable[state.focus].focus();
  }
  refresh(root, data, state);  // the chosen cards, the counter and the answer button
  if (state.refocus === "toggle") root.querySelector(".tt-toggle")?.focus();
  state.refocus = null;
  if (state.busy) root.classList.add("tt-busy"); else root.classList.remove("tt-busy");
}

function fitSeats(table) {
  // Each seat's label centred on its place, but kept whole inside the table: a long name or a French badge
  // near an edge is moved in rather than cut off. Measured at its natural width (placed at 0, 0 first: at
  // "left: 90%" a label would only have the last tenth of the table to wrap in).
  const w = table.clientWidth, h = table.clientHeight, pad = 2;
  if (!w || !h) return;  // not laid out yet (a folded expander): the resize watcher places them when it is
  for (const seat of table.querySelectorAll(".tt-seat")) {
    seat.style.transform = "none";
    seat.style.left = "0px";
    seat.style.top = "0px";
    const sw = seat.offsetWidth, sh = seat.offsetHeight;
    const cx = (parseFloat(seat.dataset.x) / 100) * w, cy = (parseFloat(seat.dataset.y) / 100) * h;
    seat.style.left = `${Math.max(pad, Math.min(cx - sw / 2, w - sw - pad))}px`;
    seat.style.top = `${Math.max(pad, Math.min(cy - sh / 2, h - sh - pad))}px`;
  }
  // A trick card that would lie over its seat's label (a short table, a label of two lines) moves towards the
  // table's middle by as much, so the badges stay readable.
  const seats = table.querySelectorAll(".tt-seat");
  for (const slot of table.querySelectorAll(".tt-slot")) {
    slot.style.marginTop = slot.style.marginLeft = "0px";
    const seat = seats[Number(slot.dataset.seat)];
    if (!seat) continue;
    const a = seat.getBoundingClientRect(), b = slot.getBoundingClientRect();
    const dx = Math.min(a.right, b.right) - Math.max(a.left, b.left);
    const dy = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
    if (dx <= 0 || dy <= 0) continue;
    if (seat.classList.contains("tt-seat-side")) slot.style.marginLeft = `${(a.left < b.left ? 1 : -1) * (dx + 2)}px`;
    else slot.style.marginTop = `${(a.top < b.top ? 1 : -1) * (dy + 2)}px`;
  }
}

function choose(root, data, state, code) {
  if (data.mode === "play") {
    state.chosen = [code];
    send(data, state);
  } else if (data.mode === "pick") {
    state.chosen = state.chosen[0] === code ? [] : [code];
  } else if (data.mode === "select") {
    state.chosen = state.chosen.includes(code) ? state.chosen.filter((c) => c !== code) : [...state.chosen, code];
  }
  refresh(root, data, state);
}

function refresh(root, data, state) {
  // A choice changes a few classes and the counter: the pictures are not drawn again.
  for (const b of root.querySelectorAll("button.tt-card")) {
    const chosen = state.chosen.includes(b.dataset.code);
    b.classList.toggle("tt-chosen", chosen);
    if (b.hasAttribute("aria-pressed")) b.setAttribute("aria-pressed", chosen ? "true" : "false");
  }
  const count = root.querySelector(".tt-count");
  if (count) {
    count.textContent = data.mode === "pick"
      ? (state.chosen.length ? word(data, "card_chosen", "{card} chosen", { card: data.cards[state.chosen[0]].name })
        : word(data, "choose_one", "Choose one card"))
      : counterText(data, state.chosen.length);
  }
  const answer = root.querySelector(".tt-answer");
  if (answer) {
    if (ready(data, state)) answer.removeAttribute("aria-disabled");
    else answer.setAttribute("aria-disabled", "true");
  }
}

function onKey(e, root, data, state, buttons, i) {
  const next = { ArrowRight: i + 1, ArrowDown: i + 1, ArrowLeft: i - 1, ArrowUp: i - 1, Home: 0, End: buttons.length - 1 }[e.key];
  if (next !== undefined) {
    e.preventDefault();
    state.focus = (next + buttons.length) % buttons.length;
    buttons.forEach((b, j) => { b.tabIndex = j === state.focus ? 0 : -1; });
    buttons[state.focus].focus();
    return;
  }
  const code = buttons[i].dataset.code;
  if (e.key === " " || e.key === "Spacebar") {
    e.preventDefault();
    if (data.mode === "play") { state.chosen = [code]; refresh(root, data, state); return; }
    choose(root, data, state, code);
  } else if (e.key === "Enter") {
    e.preventDefault();
    if (data.mode === "play") { state.chosen = [code]; send(data, state); return; }
    send(data, state);
  }
}

function send(data, state) {
  if (!ready(data, state) && data.mode !== "play") return;
  state.busy = true;
  state.setTriggerValue("answer", { cards: [...state.chosen], token: data.token });
  // The next render clears this; a refused answer (an illegal card) clears it after a moment.
  setTimeout(() => { state.busy = false; state.root?.classList.remove("tt-busy"); }, 1500);
  state.root?.classList.add("tt-busy");
}

export default function (component) {
  const { parentElement, setTriggerValue } = component;
  const data = Array.isArray(component.data) ? component.data[0] : component.data;  // sent in a list (see Python)
  const root = parentElement.querySelector(".tt-root");
  if (!root || !data) return;
  // The selection belongs to one question or position (its token): a rerun with the same token keeps it.
  let state = root.__ttState;
  if (!state || state.token !== data.token) {
    state = { token: data.token, chosen: [...(data.preselected || [])], focus: 0, showPrev: false, animated: false,
      busy: false };
    root.__ttState = state;
  } else {
    state.chosen = state.chosen.filter((c) => data.cards[c]);
    state.busy = false;
  }
  state.root = root;
  state.setTriggerValue = setTriggerValue;
  root.dataset.token = data.token ?? "";  // which position is drawn: lets a test wait for the next one
  render(root, data, state);
}

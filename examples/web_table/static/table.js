// The Spades table's page: plain JavaScript, no build step, no library.
//
// The page keeps no game of its own: it draws the view of one seat that the server sends
// (SeatView.to_dict(), with a few facts about the game around it) and sends a person's clicks
// back as actions, such as {"type": "play", "card": "Qh"}. The server says what is legal (the
// view's legal_actions) and refuses anything else with a sentence, which the page shows. Nor
// does the page know who scores together: the view's scores are keyed by side (two teams, "NS"
// and "EW", or four players, "N" "E" "S" "W", when every player plays alone), and the reply's
// "sides" gives each side's seats and "side" this seat's own. Nor how many play: the seats in
// play are the keys of the view's values by seat (N, E, S, W; or N, E, S at a table of three,
// cutthroat, where West has no player; or N, E at a table of two, two-handed Spades), and the
// page draws a place for each of them only. In two-handed Spades the players first draw their
// hands: the drawer sees the card drawn (the view's drawn_card) and keeps or discards it; of the
// other player the page shows only how many cards it kept and discarded.
"use strict";

const SEAT_NAMES = { N: "North", E: "East", S: "South", W: "West" };
const SUIT_SIGNS = { s: "\u2660", h: "\u2665", d: "\u2666", c: "\u2663" };
const SUIT_ORDER = "shcd"; // the hand sorted by suit, black and red in turn
const ALL_POSITIONS = ["bottom", "left", "top", "right"];
// Where each seat in play sits, from the person's seat on round the table clockwise: four
// players fill the four sides; three leave the top empty, the next two on the left and right;
// two face each other, bottom and top.
const POSITIONS = {
  4: ["bottom", "left", "top", "right"],
  3: ["bottom", "left", "right"],
  2: ["bottom", "top"],
};
const BID_PHASES = ["bidding", "exchange", "play", "hand_over"];

// Knobs in the page's address, for tests and the impatient: ?pause=0 (how long, in ms, a
// trick's winning card shows before the cards are swept), ?poll=200 (ms between looks at the
// game while another person plays), ?seed=7 (the seed of a new game, to replay its deals).
const params = new URLSearchParams(location.search);
const PAUSE = numberParam("pause", 1000);
const POLL = Math.max(50, numberParam("poll", 1000));

let me = null; // {game, seat, token}: whose page this is
let shown = null; // the last reply drawn
let busy = false; // waiting for the server or showing a trick: clicks wait
let tables = {}; // who sits at each preset's table, by name: {players, partnerships}
const chosen = new Set(); // the cards picked to pass in a blind nil exchange

const $ = (id) => document.getElementById(id);
const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

function numberParam(name, fallback) {
  const value = Number(params.get(name));
  return params.has(name) && Number.isFinite(value) && value >= 0 ? value : fallback;
}

// -- talking to the server ---------------------------------------------------------------------

// A request to the JSON API; a refusal becomes an Error with the server's sentence and reason.
async function api(method, path, body) {
  const options = { method, cache: "no-store" };
  if (body !== undefined) {
    options.headers = { "Content-Type": "application/json" };
    options.body = JSON.stringify(body);
  }
  let response, data;
  try {
    response = await fetch(path, options);
    data = await response.json();
  } catch {
    throw new Error("The server cannot be reached; is it still running?");
  }
  if (!response.ok) {
    const error = new Error(data.error.message);
    error.reason = data.error.reason;
    throw error;
  }
  return data;
}

function gamePath(rest) {
  return `/api/games/${encodeURIComponent(me.game)}${rest}`;
}

// Look at the game again; draw it if it changed.
async function refresh() {
  try {
    const query = new URLSearchParams({ seat: me.seat, token: me.token });
    const data = await api("GET", gamePath(`?${query}`));
    if (!shown || data.version > shown.version) await draw(data);
  } catch (error) {
    if (shown) showError(error.message);
    else showSetup(error.message); // an unknown game, a wrong token: offer a new game
  }
}

// Send a person's action (or "next" / "undo") and draw the answer.
async function send(path, body) {
  if (busy) return;
  busy = true;
  document.body.dataset.state = "busy";
  try {
    const data = await api("POST", path, body);
    $("error").hidden = true;
    chosen.clear();
    await draw(data);
  } catch (error) {
    busy = false;
    if (error.reason === "hand_not_over") {
      await refresh(); // the other person dealt first
    } else {
      showError(error.message); // the server's sentence; nothing changed
      render(shown);
      document.body.dataset.state = stateOf(shown.view);
    }
  }
}

function act(action) {
  return send(gamePath("/actions"), { seat: me.seat, token: me.token, action });
}

function move(kind) {
  return send(gamePath(`/${kind}`), { seat: me.seat, token: me.token });
}

// While another person is to act, or the second person has yet to come, look at the game every
// POLL ms.
async function pollLoop() {
  for (;;) {
    await sleep(POLL);
    if (!busy && shown && shown.mode === "two" && (othersTurn(shown.view) || invited(shown))) {
      await refresh();
    }
  }
}

function othersTurn(view) {
  return !view.result && view.to_act !== view.seat;
}

function invited(data) {
  return Boolean(data.invite && !data.invite.joined);
}

// -- the new-game form -------------------------------------------------------------------------

async function showSetup(problem) {
  $("table").hidden = true;
  $("score-bar").hidden = true;
  $("setup").hidden = false;
  $("setup-error").hidden = !problem;
  $("setup-error").textContent = problem || "";
  try {
    const offer = await api("GET", "/api/presets");
    const select = $("rules");
    select.replaceChildren();
    tables = offer.tables;
    for (const preset of offer.presets) {
      const target = String(preset.target_score);
      const title = preset.title.includes(target) ? preset.title : `${preset.title}, to ${target}`;
      const option = new Option(title, preset.name);
      option.selected = preset.name === offer.default;
      select.append(option);
    }
    fitForm();
  } catch (error) {
    $("setup-error").hidden = false;
    $("setup-error").textContent = error.message;
  }
  document.body.dataset.state = "setup";
}

// The form for the rules picked: rules where every player plays alone (such as cutthroat3, for
// three players) tick "every player plays alone" for good; three players are said.
function fitForm() {
  const preset = tables[$("rules").value];
  const box = $("alone");
  if (preset && !preset.partnerships) {
    box.checked = true;
    box.disabled = true; // left out of the request: the rules already play alone
  } else if (box.disabled) {
    box.checked = false;
    box.disabled = false;
  }
  const players = preset ? preset.players : 4;
  const notes = {
    3:
      "Three play, North, East and South, each alone (West's place stays empty): you against " +
      "two computers, or, with two people, you and North against one.",
    2:
      "Two play, North and East, each alone, and first draw their hands card by card, keeping " +
      "or discarding each card drawn: you (North) against a computer, or two people, North " +
      "and East.",
  };
  $("rules-note").hidden = !notes[players];
  $("rules-note").textContent = notes[players] || "";
}

async function newGame(event) {
  event.preventDefault();
  const form = new FormData($("new-game"));
  const request = { mode: form.get("mode"), rules: form.get("rules") };
  if (request.mode === "solo") request.level = form.get("level");
  if (form.get("target")) request.target = Number(form.get("target"));
  if (form.get("alone")) request.partnerships = false; // the rule option partnerships
  if (params.has("seed")) {
    const seed = params.get("seed");
    request.seed = /^\d{1,15}$/.test(seed) ? Number(seed) : seed;
  }
  try {
    const data = await api("POST", "/api/games", request);
    me = { game: data.game, seat: data.seat, token: data.token };
    // The address names the game and the seat's token from now on, so a reload comes back.
    const address = new URLSearchParams(params);
    address.delete("seed");
    for (const [key, value] of Object.entries(me)) address.set(key, value);
    history.replaceState(null, "", `/?${address}`);
    await draw(data);
  } catch (error) {
    $("setup-error").hidden = false;
    $("setup-error").textContent = error.message;
  }
}

function leave() {
  const keep = new URLSearchParams();
  for (const key of ["pause", "poll", "seed"]) if (params.has(key)) keep.set(key, params.get(key));
  location.href = keep.toString() ? `/?${keep}` : "/";
}

// -- drawing the table -------------------------------------------------------------------------

// Draw a reply: first each trick completed since the last drawing, its winning card lit for a
// moment before the cards are swept, then the table as it is now.
async function draw(data) {
  busy = true;
  document.body.dataset.state = "busy";
  const before = shown;
  shown = data;
  render(data);
  const view = data.view;
  if (PAUSE > 0 && before && before.view.hand_number === view.hand_number) {
    const done = view.completed_tricks.slice(before.view.completed_tricks.length);
    for (const trick of done) {
      drawTrick(trick, true);
      await sleep(PAUSE);
    }
    drawTrick(...trickToShow(view));
  }
  busy = false;
  document.body.dataset.state = stateOf(view);
}

// What the page is doing, in the body's data-state (tests wait on it).
function stateOf(view) {
  if (view.phase === "game_over") return "game-over";
  if (view.phase === "hand_over") return "hand-over";
  return view.to_act === view.seat ? "my-turn" : "waiting";
}

function render(data) {
  const view = data.view;
  $("setup").hidden = true;
  $("table").hidden = false;
  $("score-bar").hidden = false;
  drawScoreBar(data);
  const seats = seatsOf(view);
  const used = POSITIONS[seats.length];
  for (const position of ALL_POSITIONS) {
    const empty = !used.includes(position);
    $(`pos-${position}`).hidden = empty; // no player sits there: nothing drawn
    $(`slot-${position}`).hidden = empty;
  }
  for (const seat of seats) drawSeat(data, seat);
  drawTrick(...trickToShow(view));
  drawLastTrick(view);
  drawTrickInfo(view);
  drawBids(view);
  drawDraw(data);
  drawHand(view);
  drawMessage(data);
  drawHandScore(data);
  drawScorePad(data);
  drawControls(data);
}

// The seats in play, in clockwise order from North: the keys of the view's values by seat.
function seatsOf(view) {
  return Object.keys(view.hand_sizes);
}

// Where ``seat`` is drawn: the person's own at the bottom, the others clockwise from there.
function positionOf(seat) {
  const seats = seatsOf(shown.view);
  const turns = seats.indexOf(seat) - seats.indexOf(shown.view.seat);
  return POSITIONS[seats.length][(turns + seats.length) % seats.length];
}

// The sides in the order the score bar and the hand's score show them: this seat's own first,
// then the others in the order of the view's scores (teams, or players alone), from this one on.
function sidesInOrder(data) {
  const all = Object.keys(data.view.scores);
  const at = all.indexOf(data.side);
  return [...all.slice(at), ...all.slice(0, at)];
}

// A side's name for this person: "Us (NS)" and "Them (EW)"; a player alone "You (S)", "West (W)".
function sideName(data, side) {
  const seats = data.sides[side];
  if (seats.length > 1) return side === data.side ? `Us (${side})` : `Them (${side})`;
  return side === data.side ? `You (${side})` : `${SEAT_NAMES[seats[0]]} (${side})`;
}

function nameOf(seat, data = shown) {
  const player = data.players[seat];
  if (seat === data.view.seat) return `You (${SEAT_NAMES[seat]})`;
  if (player === "person") return `${SEAT_NAMES[seat]} (the other person)`;
  return `${SEAT_NAMES[seat]} (${player[0].toUpperCase()}${player.slice(1)} computer)`;
}

function element(tag, className, text) {
  const made = document.createElement(tag);
  if (className) made.className = className;
  if (text !== undefined) made.textContent = text;
  return made;
}

// "Qh" as Q♥, "Td" as 10♦; the jokers ("BJ", "LJ", under a deck with jokers) as they are.
function cardText(card) {
  if (card === "BJ" || card === "LJ") return card;
  return (card[0] === "T" ? "10" : card[0]) + SUIT_SIGNS[card[1]];
}

function cardElement(tag, card) {
  const made = element(tag, "card", cardText(card));
  if (card[1] === "h" || card[1] === "d") made.classList.add("red");
  made.dataset.card = card;
  return made;
}

function bidText(bid) {
  if (bid === "nil") return "Nil";
  if (bid === "blind nil") return "Blind nil";
  if (blindTricks(bid) !== null) return `Blind ${blindTricks(bid)}`;
  return String(bid);
}

// The tricks of a blind number bid ("blind 6", made before looking at the cards), else null.
function blindTricks(bid) {
  const match = typeof bid === "string" ? /^blind (\d+)$/.exec(bid) : null;
  return match ? Number(match[1]) : null;
}

// A side's bid (its seats' bids): the sum of its numbers, and any nil said as such ("4 + nil";
// "nil" for a player alone who bid nil).
function sideBid(bids, seats) {
  const made = seats.map((seat) => bids[seat]).filter((bid) => bid !== null);
  if (!made.length) return "-";
  const number = (bid) => (typeof bid === "number" ? bid : blindTricks(bid));
  const tricks = made.map(number).filter((n) => n !== null).reduce((a, b) => a + b, 0);
  const blind = made.some((bid) => blindTricks(bid) !== null) ? " blind" : "";
  const nils = made.filter((bid) => number(bid) === null).map((bid) => bidText(bid).toLowerCase());
  const count = tricks || nils.length === 0 ? `${tricks}${blind}` : null;
  return [count, ...nils].filter(Boolean).join(" + ");
}

// The tricks a side's seats took.
function sideTricks(tricks, seats) {
  return seats.reduce((sum, seat) => sum + tricks[seat], 0);
}

// The score bar: a box per side (two teams, or three or four players alone) with its points and
// bags, and during a hand its bid and tricks so far.
function drawScoreBar(data) {
  const view = data.view;
  const boxes = sidesInOrder(data).map((side) => {
    const seats = data.sides[side];
    const box = element("div", side === data.side ? "side ours" : "side");
    box.dataset.side = side;
    box.append(
      element("span", "name", sideName(data, side)),
      ` ${data.words.scores[side]}`,
    );
    if (BID_PHASES.includes(view.phase)) {
      const taken = sideTricks(view.tricks_taken, seats);
      box.append(element("span", "detail", `bid ${sideBid(view.bids, seats)}, took ${taken}`));
    }
    return box;
  });
  $("sides").replaceChildren(...boxes);
  $("hand-number").textContent = `Hand ${view.hand_number} \u00b7 to ${view.rules.target_score}`;
}

function drawSeat(data, seat) {
  const view = data.view;
  const box = $(`pos-${positionOf(seat)}`);
  box.dataset.seat = seat;
  box.classList.toggle("to-act", view.to_act === seat);
  const dealer = view.dealer === seat ? " \u00b7 dealer" : "";
  const bid = view.bids[seat];
  // In play, no bid at all: a first hand played without bids (first_hand_trick_points).
  const none = view.phase === "play" ? "no bid" : "no bid yet";
  const bidding = bid === null ? none : `bid ${bidText(bid).toLowerCase()}`;
  // Drawing the hands (two-handed Spades): how many cards each has kept and discarded, never
  // which (the other's discards and the card it looks at are not in this seat's view).
  const detail =
    view.phase === "draw"
      ? `drawing \u00b7 kept ${view.hand_sizes[seat]} \u00b7 ` +
        `discarded ${view.discard_counts[seat]}${dealer}`
      : `${bidding} \u00b7 took ${view.tricks_taken[seat]} \u00b7 ` +
        `${data.words.hand_sizes[seat]}${dealer}`;
  box.replaceChildren(
    element("span", "name", nameOf(seat, data)),
    element("span", "detail", detail),
  );
}

// The trick in progress once it has a card; until then the last one, its winning card lit.
function trickToShow(view) {
  const current = view.current_trick;
  if (current && current.plays.length) return [current, false];
  const last = view.completed_tricks[view.completed_tricks.length - 1];
  return last ? [last, true] : [null, false];
}

// Each card lands in front of the player who played it.
function drawTrick(trick, lit) {
  for (const position of ALL_POSITIONS) $(`slot-${position}`).replaceChildren();
  if (!trick) return;
  for (const play of trick.plays) {
    const card = cardElement("span", play.card);
    card.classList.add("played");
    card.dataset.seat = play.seat;
    if (lit && play.seat === trick.winner) card.classList.add("winner");
    if (play.seat === trick.leader) card.classList.add("led");
    $(`slot-${positionOf(play.seat)}`).append(card);
  }
}

// Once a trick has its first card, the trick before it, small, its winning card lit.
function drawLastTrick(view) {
  const box = $("last-trick");
  const current = view.current_trick;
  const last = view.completed_tricks[view.completed_tricks.length - 1];
  box.hidden = !(current && current.plays.length && last);
  if (box.hidden) {
    box.replaceChildren();
    return;
  }
  const cards = last.plays.map((play) => {
    const card = cardElement("span", play.card);
    card.dataset.seat = play.seat;
    if (play.seat === last.winner) card.classList.add("winner");
    return card;
  });
  const title = element("p", "title", `Last trick, won by ${who(view, last.winner)}:`);
  box.replaceChildren(title, ...cards);
}

// In the play: who led the trick (or is to lead it), and, unless the rules let spades be led at
// any time, whether spades are broken.
function drawTrickInfo(view) {
  const current = view.phase === "play" ? view.current_trick : null;
  let lead = "";
  if (current) {
    const mine = current.leader === view.seat;
    if (current.plays.length) lead = `${mine ? "You" : SEAT_NAMES[current.leader]} led`;
    else lead = mine ? "Your lead" : `${SEAT_NAMES[current.leader]}'s lead`;
  }
  $("leader").textContent = lead;
  $("leader").dataset.seat = current ? current.leader : "";
  const spades = $("spades");
  spades.hidden = !current || view.rules.spades_breaking === "any_time";
  spades.dataset.broken = String(view.spades_broken);
  spades.textContent = view.spades_broken
    ? `${SUIT_SIGNS.s} Spades are broken`
    : `${SUIT_SIGNS.s} Spades are not broken yet`;
}

// A seat as this person says it in a sentence: "you", or "North".
function who(view, seat) {
  return seat === view.seat ? "you" : SEAT_NAMES[seat];
}

// A button for each bid the rules allow now: the numbers and Nil (and Blind nil and the blind
// numbers, if allowed),
// and Redeal when the rules let this hand be thrown in.
function drawBids(view) {
  const box = $("bids");
  box.replaceChildren();
  for (const action of view.legal_actions) {
    if (action.type === "redeal") {
      const button = element("button", "redeal", "Redeal");
      button.type = "button";
      button.dataset.redeal = "true";
      button.title = "Throw this hand in: the same dealer deals again.";
      button.addEventListener("click", () => act(action));
      box.append(button);
      continue;
    }
    if (action.type !== "bid") continue;
    const button = element("button", "bid", bidText(action.bid));
    button.type = "button";
    button.dataset.bid = String(action.bid);
    button.addEventListener("click", () => act(action));
    box.append(button);
  }
}

// Two-handed Spades: while drawing, the card this seat drew with Keep and Discard buttons, and
// the cards left to draw; from the draw to the end of the hand, this seat's own discards.
function drawDraw(data) {
  const view = data.view;
  const box = $("draw");
  box.replaceChildren();
  const drawing = view.phase === "draw";
  const counted = Object.keys(view.discard_counts).length > 0;
  box.hidden = !counted || !["draw", "bidding", "play"].includes(view.phase);
  if (box.hidden) return;
  if (drawing) {
    box.append(element("p", "stock", `${data.words.stock_size} left to draw.`));
  }
  if (view.drawn_card) {
    const drawn = element("p", "drawn", "You drew ");
    drawn.append(cardElement("span", view.drawn_card));
    box.append(drawn);
    const buttons = element("div", "choices");
    for (const action of view.legal_actions) {
      if (action.type !== "keep" && action.type !== "discard") continue;
      const label = action.type === "keep" ? "Keep" : "Discard";
      const button = element("button", action.type, label);
      button.type = "button";
      button.dataset.action = action.type;
      button.title =
        action.type === "keep"
          ? "Keep this card: the next card is discarded."
          : "Discard this card: the next card goes to your hand.";
      button.addEventListener("click", () => act(action));
      buttons.append(button);
    }
    box.append(buttons);
  }
  const discards = element("p", "discards", "Your discards: ");
  if (!view.discards.length) discards.append("none yet");
  for (const card of view.discards) discards.append(cardElement("span", card));
  box.append(discards);
}

// The person's hand, sorted by suit; the cards that may be played raised, with a yellow edge.
function drawHand(view) {
  const box = $("hand");
  box.replaceChildren();
  const playable = new Set(view.legal_actions.filter((a) => a.type === "play").map((a) => a.card));
  const exchanging = view.legal_actions.some((action) => action.type === "exchange");
  const playing = view.phase === "play" && view.to_act === view.seat;
  // The server groups the cards by the suit each plays as (spades, hearts, diamonds, clubs, high
  // to low; a joker or a high deuce with the spades): drawn here black and red in turn.
  const bySuit = Object.fromEntries(
    ["s", "h", "d", "c"].map((suit, i) => [suit, view.hand.by_suit[i]]),
  );
  const cards = [...SUIT_ORDER].flatMap((suit) => bySuit[suit]);
  for (const card of cards) {
    const button = cardElement("button", card);
    button.type = "button";
    if (exchanging) {
      button.classList.toggle("chosen", chosen.has(card));
      button.addEventListener("click", () => choose(card));
    } else {
      button.classList.toggle("playable", playable.has(card));
      button.disabled = !playable.has(card);
      // Even a card that is not playable is sent if clicked somehow: the server refuses it.
      if (playing) button.addEventListener("click", () => act({ type: "play", card }));
    }
    box.append(button);
  }
}

function choose(card) {
  if (chosen.has(card)) chosen.delete(card);
  else chosen.add(card);
  drawHand(shown.view);
  drawControls(shown);
}

function drawMessage(data) {
  const view = data.view;
  let text = "";
  if (view.result) {
    text = view.result.text;
  } else if (view.phase === "hand_over") {
    text = `Hand ${view.hand_number} is over.`;
  } else if (view.to_act === view.seat) {
    text = {
      bidding: view.legal_actions.some((action) => action.type === "redeal")
        ? "Your bid: click a number of tricks, or Nil; or Redeal to throw this hand in."
        : "Your bid: click a number of tricks, or Nil.",
      exchange: `Pick ${data.words.exchange} to pass to your partner, then pass them.`,
      play: "Your turn: click one of the raised cards.",
      draw:
        "You drew a card: keep it (the next card is discarded) or discard it (and keep the " +
        "next card).",
    }[view.phase];
  } else if (view.to_act) {
    text = `Waiting for ${nameOf(view.to_act, data)}\u2026`;
  }
  $("message").textContent = text;
}

// Once a hand is over: what each side (team, or player alone) bid, took and scored.
function drawHandScore(data) {
  const view = data.view;
  const box = $("hand-score");
  const last = view.history[view.history.length - 1];
  box.hidden = !last || !["hand_over", "game_over"].includes(view.phase);
  if (box.hidden) return;
  const table = element("table");
  const head = element("tr");
  for (const title of ["", "Bid", "Took", "Points", "Score", "Bags"]) {
    head.append(element("th", "", title));
  }
  table.append(head);
  for (const side of sidesInOrder(data)) {
    const seats = data.sides[side];
    const row = element("tr");
    row.dataset.side = side;
    const points = last.points[side];
    for (const cell of [
      sideName(data, side),
      sideBid(last.bids, seats),
      sideTricks(last.tricks_taken, seats),
      signed(points),
      last.scores[side],
      last.bags[side],
    ]) {
      row.append(element("td", "", String(cell)));
    }
    table.append(row);
  }
  box.replaceChildren(element("strong", "", `Hand ${last.number}`), table);
}

// The score pad: a row for each hand played, with each side's score after it and, in brackets,
// its points in it; the person's own side first.
function drawScorePad(data) {
  const view = data.view;
  const box = $("score-pad");
  box.hidden = view.history.length === 0;
  if (box.hidden) {
    box.replaceChildren();
    return;
  }
  const sides = sidesInOrder(data);
  const head = element("tr");
  head.append(
    element("th", "", "Hand"),
    ...sides.map((side) => element("th", "", sideName(data, side))),
  );
  const table = element("table");
  table.append(head);
  for (const hand of view.history) {
    const row = element("tr");
    row.dataset.hand = String(hand.number);
    row.append(element("td", "", String(hand.number)));
    for (const side of sides) {
      const cell = element("td", "", `${hand.scores[side]} (${signed(hand.points[side])})`);
      cell.dataset.side = side;
      row.append(cell);
    }
    table.append(row);
  }
  box.replaceChildren(element("strong", "", "Score pad"), table);
}

function signed(points) {
  return points > 0 ? `+${points}` : String(points);
}

// How many cards this seat passes in the exchange now (nil or blind nil): the size of its legal
// exchanges, 0 outside the exchange.
function exchangeCount(view) {
  const exchange = view.legal_actions.find((action) => action.type === "exchange");
  return exchange ? exchange.cards.length : 0;
}

function drawControls(data) {
  const view = data.view;
  const exchanging = view.legal_actions.some((action) => action.type === "exchange");
  $("pass").hidden = !exchanging;
  $("pass").disabled = chosen.size !== exchangeCount(view);
  $("next-hand").hidden = view.phase !== "hand_over";
  $("undo").hidden = data.mode !== "solo" || view.phase === "game_over";
  drawInvite(data);
}

// The link for the second person, until they have come: then it goes (their seat is taken).
function drawInvite(data) {
  const invite = data.invite;
  $("invite").hidden = !invited(data);
  if (!invited(data)) {
    $("invite-link").removeAttribute("href");
    $("invite-link").textContent = "";
    return;
  }
  $("invite-seat").textContent = SEAT_NAMES[invite.seat];
  const link = new URL(invite.address, location.origin).href;
  $("invite-link").href = link;
  $("invite-link").textContent = link;
}

function showError(message) {
  $("error").textContent = message;
  $("error").hidden = false;
}

// -- starting ----------------------------------------------------------------------------------

$("new-game").addEventListener("submit", newGame);
$("rules").addEventListener("change", fitForm);
$("pass").addEventListener("click", () => act({ type: "exchange", cards: [...chosen] }));
$("next-hand").addEventListener("click", () => move("next"));
$("undo").addEventListener("click", () => move("undo"));
$("leave").addEventListener("click", leave);
if (params.has("game")) {
  me = { game: params.get("game"), seat: params.get("seat"), token: params.get("token") };
  refresh();
} else {
  showSetup();
}
pollLoop();

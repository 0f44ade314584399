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
// cutthroat, where West has no player; or N, E at a table of two, two-handed Spades). Nor does
// it draw the table itself: the reply's "picture" is the table as this seat sees it, drawn by
// the library (spades.svg.table of the same view: every other hand face down, the cards this
// seat may play, pass or discard now raised, each card face up a group with its data-card),
// which the page puts in as it is and makes this seat's cards clickable in. In two-handed
// Spades the players first draw their hands: the drawer sees the card drawn (in the picture)
// and keeps or discards it with two buttons.
"use strict";

const SEAT_NAMES = { N: "North", E: "East", S: "South", W: "West" };
const BID_PHASES = ["bidding", "exchange", "play", "hand_over"];

// Knobs in the page's address, for tests and the impatient: ?poll=200 (ms between looks at the
// game while another person plays), ?seed=7 (the seed of a new game, to replay its deals).
const params = new URLSearchParams(location.search);
const POLL = Math.max(50, numberParam("poll", 1000));

let me = null; // {game, seat, token}: whose page this is
let shown = null; // the last reply drawn
let busy = false; // waiting for the server: clicks wait
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
  for (const key of ["poll", "seed"]) if (params.has(key)) keep.set(key, params.get(key));
  location.href = keep.toString() ? `/?${keep}` : "/";
}

// -- drawing the table -------------------------------------------------------------------------

// Draw a reply: the table as it is now (the trick just completed shows in the picture's corner).
function draw(data) {
  shown = data;
  // Hints are for the moment they were asked at: a new moment clears them.
  $("hints").hidden = true;
  $("hints").replaceChildren();
  render(data);
  busy = false;
  document.body.dataset.state = stateOf(data.view);
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
  drawPicture(data);
  drawPlayers(data);
  drawLeader(view);
  drawBids(view);
  drawDraw(data);
  drawMessage(data);
  drawHandScore(data);
  drawScorePad(data);
  drawControls(data);
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

// Two-handed Spades, while drawing: the cards left to draw, and Keep and Discard for the card
// this seat drew (which the picture shows face up in the middle).
function drawDraw(data) {
  const view = data.view;
  const box = $("draw");
  box.replaceChildren();
  box.hidden = view.phase !== "draw";
  if (box.hidden) return;
  box.append(element("p", "stock", `${data.words.stock_size} left to draw.`));
  if (view.drawn_card) {
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
}

// The table, as the server drew it: the picture put in the page as it is, and this seat's cards
// in it made clickable. In the play, while it is this seat's turn, every card of its hand is
// sent when clicked (those the rules allow now are raised; the server refuses another with its
// sentence, which the page shows); in an exchange a click picks a card to pass, or unpicks it.
function drawPicture(data) {
  const view = data.view;
  const parsed = new DOMParser().parseFromString(data.picture, "image/svg+xml");
  const picture = document.importNode(parsed.documentElement, true);
  $("picture").replaceChildren(picture);
  const exchanging = view.legal_actions.some((action) => action.type === "exchange");
  const playing = view.phase === "play" && view.to_act === view.seat;
  const hand = picture.querySelectorAll(`g.seat[data-seat="${view.seat}"] g.card[data-card]`);
  for (const card of hand) {
    const name = card.getAttribute("data-card");
    if (exchanging) {
      card.classList.toggle("chosen", chosen.has(name));
      clickable(card, () => choose(card, name));
    } else if (playing) {
      clickable(card, () => act({ type: "play", card: name }));
    }
  }
}

// A card in the picture that works as a button: by a click, or by Enter or the space bar.
function clickable(card, press) {
  card.classList.add("clickable");
  card.setAttribute("role", "button");
  card.setAttribute("tabindex", "0");
  card.addEventListener("click", press);
  card.addEventListener("keydown", (event) => {
    if (event.key !== "Enter" && event.key !== " ") return;
    event.preventDefault();
    press();
  });
}

function choose(card, name) {
  if (chosen.has(name)) chosen.delete(name);
  else chosen.add(name);
  card.classList.toggle("chosen", chosen.has(name));
  drawControls(shown);
}

// Who plays each seat: the person, the other person, or a computer and its level.
function drawPlayers(data) {
  const seats = Object.keys(data.players);
  $("players").textContent = seats.map((seat) => nameOf(seat, data)).join(" \u00b7 ");
}

// In the play: who led the trick in progress, or is to lead it.
function drawLeader(view) {
  const current = view.phase === "play" ? view.current_trick : null;
  const box = $("leader");
  box.dataset.seat = current ? current.leader : "";
  box.textContent = "";
  if (!current) return;
  const mine = current.leader === view.seat;
  if (current.plays.length) box.textContent = `${mine ? "You" : SEAT_NAMES[current.leader]} led`;
  else box.textContent = mine ? "Your lead" : `${SEAT_NAMES[current.leader]}'s lead`;
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
  $("hint").hidden = stateOf(view) !== "my-turn" || view.legal_actions.length === 0;
  drawInvite(data);
}

// Ask for the hints of this moment and list them: each action open to this seat with the
// Expert's worth of it (points a hand for this seat's side, and their spread over the deals the
// Expert imagines), the double-dummy tricks near the end, and why; the Expert's choice first.
async function showHints() {
  const query = new URLSearchParams({ seat: me.seat, token: me.token });
  try {
    const data = await api("GET", gamePath(`/hints?${query}`));
    const list = element("ol");
    data.hints.forEach((hint, place) => {
      let worth = "";
      if (hint.points !== null) worth = ` ${signed(hint.points)} points (spread ${hint.spread})`;
      if (hint.tricks !== null) worth += `, ${hint.tricks} tricks double dummy`;
      const text = `${hint.text}${worth}: ${hint.reason}`;
      const item = element("li", place === 0 ? "expert" : "", text);
      if (place === 0) item.append(element("em", "", " (the Expert's choice)"));
      list.append(item);
    });
    $("hints").replaceChildren(element("strong", "", "Hints"), list);
    $("hints").hidden = false;
  } catch (error) {
    showError(error.message);
  }
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
$("hint").addEventListener("click", showHints);
$("leave").addEventListener("click", leave);
if (params.has("game")) {
  me = { game: params.get("game"), seat: params.get("seat"), token: params.get("token") };
  refresh();
} else {
  showSetup();
}
pollLoop();

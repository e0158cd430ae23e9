"""The table after a Board Game Arena player judged its screenshots: every card of your
money in sight in its fixed area, however large the hand (a third row hid under "To
place"); a scoring round walked through in the dark theme, its faded tiles still
legible and the counted ones standing out; its table's text no smaller than 11 px,
covering no other player's heading; a piece travelling across the table leaves the
text it passes over readable; the market's rings explained beside the market. At
1366x768 and 1280x720, light and dark; screenshots go to test-artifacts/."""

from __future__ import annotations

import io

import pytest
from conftest import Lab, module_notebook, scroll_to_top

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("table-look")]

SIZES = [(1366, 768), (1280, 720)]

GAME = """
from alhambra_widget import AlhambraWidget
w = AlhambraWidget(players=["You", "Ben", "Cem"], seed=7, seats={"Ben": "greedy", "Cem": "greedy"}, bot_delay=0)
w.autoplay_bots = False
g = w.game
w
"""

BOARDS = (
    "g.edit(players={'You': {'alhambra': [[1, 0, 'garden 6'], [0, 1, 'pavilion 3'],"
    " [-1, 0, 'tower 9'], [0, -1, 'arcades 4'], [1, 1, 'seraglio 7'], [-1, -1, 'pavilion 5']]},"
    " 'Ben': {'alhambra': [[1, 0, 'garden 8'], [0, 1, 'tower 10'], [-1, 0, 'pavilion 2']]},"
    " 'Cem': {'alhambra': [[1, 0, 'chambers 8'], [0, 1, 'pavilion 6']]}})"
)


@pytest.fixture(scope="module")
def table(lab, browser):
    """A game against two greedy bots, the bots waiting, in a 1366x768 window."""
    yield from module_notebook(lab, browser, "table-look.ipynb", GAME, "table-look")


# every card of the hand: the hand's box, and per card its box and whether what is drawn
# at the middle of its value is that card (not another card over it)
HAND_JS = """() => { const h = document.querySelector('.aw-root .aw-me [data-area=hand]');
    const b = h.getBoundingClientRect(), box = (r) => [r.left, r.top, r.right, r.bottom];
    const p = document.querySelector('.aw-root .aw-me [data-area=to-place]').getBoundingClientRect();
    return {hand: box(b), place: box(p), scroll: h.scrollHeight - h.clientHeight,
        cards: [...h.querySelectorAll('[data-card]')].map((c) => {
            const v = c.querySelector('.aw-card-val').getBoundingClientRect();
            const x = v.left + Math.min(v.width / 2, 6), y = v.top + v.height / 2;
            const at = document.elementFromPoint(x, y);
            return [c.getAttribute('aria-label'), box(c.getBoundingClientRect()), box(v),
                !!at && c.contains(at)]; })}; }"""


def _hand(n: int) -> list[str]:
    """``n`` cards, the widest names first (dirhams and florins), the highest values."""
    order = ["dirham", "florin", "ducat", "denar"]
    return [f"{order[k % 4]} {9 - (k // 4) % 9}" for k in range(n)]


def _hand_shown(t: Lab, n: int, where: str) -> tuple[list[str], dict]:
    """The hand of ``n`` cards: each card whole inside the hand's box, its value in
    sight (nothing over it), the hand not scrolling; returns the faults and the boxes."""
    got = t.page.evaluate(HAND_JS)
    hand = got["hand"]
    bad = []
    if len(got["cards"]) != n:
        bad.append(f"{where}: {len(got['cards'])} cards shown of {n}")
    if got["scroll"] > 1:
        bad.append(f"{where}: the hand scrolls ({got['scroll']} px of it hidden)")
    for label, card, value, seen in got["cards"]:
        if (
            card[0] < hand[0] - 0.5
            or card[1] < hand[1] - 0.5
            or card[2] > hand[2] + 0.5
            or card[3] > hand[3] + 0.5
        ):
            bad.append(f"{where}: the card {label} {card} is not inside the hand {hand}")
        elif not seen:
            bad.append(f"{where}: the value of the card {label} {value} is covered")
    if hand[3] > got["place"][1] + 0.5:
        bad.append(f"{where}: the hand {hand} reaches under 'To place' {got['place']}")
    return bad, got


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_card_of_your_money_is_in_sight_in_an_area_that_keeps_its_size(table, size):
    """From none to 45 cards (wide currency names first): every card inside your money's
    area with its value uncovered, nothing to scroll; the area and "To place" keep
    their place and size (within 2 px) whatever the hand."""
    t = table
    t.at_size(size, "Light")
    bad: list[str] = []
    first = None
    for n in (0, 3, 6, 8, 9, 12, 18, 19, 27, 36, 45):
        t.py(f"g.edit(players={{'You': {{'money': {_hand(n)!r}}}}})")
        t.page.wait_for_function(
            "(n) => document.querySelectorAll('.aw-root .aw-me [data-area=hand] [data-card]').length === n",
            arg=n,
        )
        scroll_to_top(t.page)
        where = f"{size[0]}x{size[1]}, {n} cards"
        faults, got = _hand_shown(t, n, where)
        bad += faults
        boxes = (got["hand"], got["place"])
        first = first or boxes
        for name, a, b in zip(("the hand", "'To place'"), first, boxes):
            if max(abs(x - y) for x, y in zip(a, b)) > 2:
                bad.append(f"{where}: {name} moved {a} -> {b}")
        if n in (8, 27, 45) and size == SIZES[0]:
            t.widget().locator(".aw-me").screenshot(path=str(t.shot(f"hand-{n}")))
    assert not bad, "\n".join(bad)


def _walk_opened(t: Lab) -> None:
    """A new game (each scoring card is drawn once, R2); tiles of several kinds on every
    board, your turn, scoring card 1 on top of the money deck; you take money, the
    display's refill draws it: the round is walked through, at its first line (the
    pavilions)."""
    board = t.widget()
    close = board.locator(".aw-rounds.aw-walk [data-walk='close']")
    if close.count():
        close.first.click()
    t.py("from alhambra_widget import Game\nw.game = g = Game(['You', 'Ben', 'Cem'], seed=7)")
    t.py(BOARDS + "\ng.edit(current='You', players={'You': {'money': ['denar 3', 'ducat 4']}})")
    t.py(
        "order = [str(c) for c in reversed(g.deck) if str(c) != 'scoring card 1']  # top first\n"
        "g.edit(deck=['scoring card 1', *order])\n"
        "w.act(next(a for a in g.legal_actions() if type(a).__name__ == 'TakeMoney'))"
    )
    board.locator(".aw-rounds.aw-walk .aw-walkwhat").filter(has_text="pavilion").wait_for()
    t.page.wait_for_timeout(150)


def _luminance(rgb) -> float:
    lin = [
        v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4 for v in (c / 255 for c in rgb)
    ]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def _tile_inks(t: Lab, sel: str):
    """The drawn tile ``sel`` (in your Alhambra), read from the screen: the luminance of
    its ground (the median of its inside), of its ink (the darkest 3%: its name and
    picture), and its ground's colourfulness (the median of max - min of R, G, B)."""
    from PIL import Image

    shot = t.widget().locator(sel).first.screenshot()
    img = Image.open(io.BytesIO(shot)).convert("RGB")
    w, h = img.size
    raw = img.crop((int(w * 0.15), int(h * 0.15), int(w * 0.85), int(h * 0.92))).tobytes()
    inside = [tuple(raw[k : k + 3]) for k in range(0, len(raw), 3)]
    lums = sorted(_luminance(p) for p in inside)
    chroma = sorted(max(p) - min(p) for p in inside)
    return lums[len(lums) // 2], lums[len(lums) * 3 // 100], chroma[len(chroma) // 2]


def _ratio(a: float, b: float) -> float:
    hi, lo = max(a, b), min(a, b)
    return (hi + 0.05) / (lo + 0.05)


@pytest.mark.parametrize("theme", ["Dark", "Light"])
def test_a_walked_lines_faded_tiles_stay_legible_and_its_counted_tiles_stand_out(table, theme):
    """On the pavilions' line of a scoring round walked through, each other tile of your
    Alhambra is still legible, its name and picture at 3:1 (WCAG's contrast for
    graphics) against its ground; the pavilions stand out in their colour, their ground
    at least 2.5 times as colourful as a faded tile's."""
    t = table
    t.at_size(SIZES[0], theme)
    _walk_opened(t)
    scroll_to_top(t.page)
    me = ".aw-me .aw-board"
    counted = _tile_inks(t, f"{me} .aw-tile.aw-k-pavilion")
    bad = []
    for kind in ("garden", "tower", "arcades", "seraglio"):
        ground, ink, chroma = _tile_inks(t, f"{me} .aw-tile.aw-k-{kind}")
        if _ratio(ground, ink) < 3:
            bad.append(
                f"{theme}: a faded {kind}'s ink is at {_ratio(ground, ink):.2f}:1 on its ground"
            )
        if counted[2] < 2.5 * chroma:
            bad.append(
                f"{theme}: the pavilion (colourfulness {counted[2]}) does not stand out"
                f" from a faded {kind} ({chroma})"
            )
    t.widget().locator(".aw-me").screenshot(path=str(t.shot(f"walk-faded-{theme.lower()}")))
    t.shot(f"walk-{theme.lower()}")
    assert not bad, "\n".join(bad)


# every piece of text of the walkthrough: its font size and where it is
WALK_TEXT_JS = """() => { const w = document.querySelector('.aw-root .aw-rounds.aw-walk');
    const out = [], r = document.createRange();
    const walk = (n) => { for (const c of n.childNodes) {
        if (c.nodeType === 3 && c.textContent.trim()) {
            const e = c.parentElement, s = getComputedStyle(e);
            if (s.display === 'none' || s.visibility === 'hidden') continue;
            out.push([c.textContent.trim().slice(0, 30), parseFloat(s.fontSize)]);
        } else if (c.nodeType === 1) walk(c); } };
    walk(w);
    const sc = w.querySelector('.aw-walkscroll');
    return {texts: out, hidden: sc ? sc.scrollHeight - sc.clientHeight : 0}; }"""

# the least font size of the walkthrough's text, in px
LEAST_TEXT = 11


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_walked_rounds_text_is_at_least_11_px_and_covers_no_other_players_heading(table, size):
    """Each line of a scoring round walked through (three players: beside the market):
    every text of it at least 11 px, its table's lines of players whole (not scrolled
    out of its box), over no heading of the others' panels and no text cut."""
    from test_table_measured import _nothing_cut, _walk_covers_nothing

    t = table
    t.at_size(size, "Light")
    _walk_opened(t)
    scroll_to_top(t.page)
    walk = t.widget().locator(".aw-rounds.aw-walk")
    bad: list[str] = []
    for line in range(8):
        where = f"{size[0]}x{size[1]}, line {line + 1}"
        got = t.page.evaluate(WALK_TEXT_JS)
        small = sorted({(text, px) for text, px in got["texts"] if px < LEAST_TEXT - 0.05})
        if small:
            bad.append(f"{where}: text under {LEAST_TEXT} px: {small[:6]}")
        if got["hidden"] > 1:
            bad.append(f"{where}: {got['hidden']} px of the table scrolled out of sight")
        bad += _walk_covers_nothing(t, where) + _nothing_cut(t, where)
        if line in (0, 3, 6, 7):
            t.shot(f"walk-text-{size[0]}-line{line + 1}")
        nxt = walk.locator("[data-rowstep='1']")
        if nxt.is_disabled():
            break
        nxt.click()
        t.page.wait_for_timeout(100)
    assert not bad, "\n".join(bad[:20])


# the pieces travelling (their animations paused): at each fraction of the way, each
# one's opacity and the texts of the table under it (not the cell it lands on, hidden
# while it travels)
FLIGHT_JS = """(fracs) => {
    const anims = document.getAnimations().filter((a) => a.effect && a.effect.target
        && a.effect.target.classList && a.effect.target.classList.contains('aw-ghost'));
    anims.forEach((a) => a.pause());
    const texts = [], r = document.createRange();
    const hidden = (e) => { for (let p = e; p; p = p.parentElement) {
        const s = getComputedStyle(p);
        if (s.display === 'none' || s.visibility === 'hidden' || s.opacity === '0') return true; }
        return false; };
    const walk = (n) => { for (const c of n.childNodes) {
        if (c.nodeType === 3 && c.textContent.trim()) {
            if (hidden(c.parentElement)) continue;
            r.selectNodeContents(c);
            for (const q of r.getClientRects()) if (q.width && q.height) texts.push([c.textContent.trim().slice(0, 24), q]);
        } else if (c.nodeType === 1) walk(c); } };
    walk(document.querySelector('.aw-root'));
    const out = [];
    for (const a of anims) {
        const d = a.effect.getTiming().duration, g = a.effect.target;
        for (const f of fracs) {
            a.currentTime = f * d;
            const b = g.getBoundingClientRect();
            const over = texts.filter(([, q]) => q.left < b.right - 1 && q.right > b.left + 1
                && q.top < b.bottom - 1 && q.bottom > b.top + 1).map(([t]) => t);
            out.push([g.className, f, parseFloat(getComputedStyle(g).opacity), over.slice(0, 3)]);
        }
    }
    anims.forEach((a) => a.finish());
    return out; }"""


def test_a_piece_travelling_across_the_table_leaves_the_text_under_it_readable(table):
    """Ben buys a tile and builds it, and takes money: the tile travels from its market
    slot to its cell and the cards from the money display to his panel. Wherever one
    passes over text of the table (his last moves, the panels' lines) on its way, it is
    see-through (at most 60% opaque); some text is passed over."""
    t = table
    board = t.widget()
    close = board.locator(".aw-rounds.aw-walk [data-walk='close']")
    if close.count():
        close.first.click()
    t.at_size(SIZES[0], "Light")
    t.page.emulate_media(reduced_motion="no-preference")
    t.py("w.bot_delay = 1.5")  # (the slowest travel, 0.9 s)
    bad, crossed = [], 0
    moves = [
        "from alhambra_widget.engine.alhambra.actions import Buy, Place\n"
        "g.edit(current='Ben', market={'denar': 'garden 6'}, players={'Ben': {'money': ['denar 7']}})\n"
        "g.apply(Buy('denar', (7,)))\n"
        "g.apply(next(a for a in g.legal_actions() if isinstance(a, Place)))",
        "g.edit(current='Cem')\n"
        "g.apply(next(a for a in g.legal_actions() if type(a).__name__ == 'TakeMoney'))",
    ]
    for move in moves:
        scroll_to_top(t.page)
        t.py(move)
        t.page.locator(".aw-ghost").first.wait_for(state="attached")
        for cls, f, opacity, over in t.page.evaluate(FLIGHT_JS, [0.25, 0.35, 0.5, 0.65, 0.75]):
            if over:
                crossed += 1
                if opacity > 0.6:
                    bad.append(f"{cls} at {f:.0%} of its way, {opacity:.0%} opaque, over {over}")
        t.page.wait_for_timeout(300)
    t.py("w.bot_delay = 0")
    assert crossed, "no piece passed over any text: nothing was measured"
    assert not bad, "\n".join(bad)


# the first move's "play it" of a hint: its box, whether the page draws it there (nothing
# over it, not scrolled out of its panel) and the window's height
PLAY_IT_JS = """() => { const b = document.querySelector('.aw-root section.aw-hint li [data-playhint]');
    if (!b) return null; const r = b.getBoundingClientRect();
    const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return [[r.left, r.top, r.right, r.bottom], !!at && b.contains(at), innerWidth, innerHeight]; }"""


@pytest.fixture(scope="module")
def gardens(lab, browser):
    """A Gardens game against the greedy bot, 16 steps in, at your turn, hints quick."""
    from test_table_measured import GARDENS

    ctx = browser.new_context(viewport={"width": 1280, "height": 720})
    code = GARDENS.format(seed=3) + "\nw.hint_playouts = 20\nw"
    t = Lab(lab.open(ctx, "table-look-gardens.ipynb", code), "table-look-gardens")
    t.widget().locator(".aw-status").wait_for()
    t.py("advance(16)")
    t.py("to_me()")
    yield t
    ctx.close()
    lab.shutdown_kernel("table-look-gardens.ipynb")


@pytest.mark.parametrize("theme", ["Light", "Dark"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_G3_a_gardens_hints_first_play_it_is_in_sight_without_scrolling(gardens, size, theme):
    """A Gardens hint (its lays' sentences run to four lines): with the table's top at the
    notebook's top, the first move's "play it" lies whole in the window, nothing over
    it and not scrolled out of the hint's panel (it was 30 px under the window's foot
    at 1280x720)."""
    t = gardens
    t.at_size(size, theme)
    board = t.widget()
    if not board.locator("section.aw-hint li").count():
        board.locator("button[data-hint='ask']").first.click()
    board.locator("section.aw-hint li [data-playhint]").first.wait_for(timeout=60000)
    scroll_to_top(t.page)
    box, seen, vw, vh = t.page.evaluate(PLAY_IT_JS)
    t.shot(f"gardens-hint-{size[0]}-{theme.lower()}")
    assert box[0] >= 0 and box[1] >= 0 and box[2] <= vw and box[3] <= vh, (box, vw, vh)
    assert seen, f"the first 'play it' {box} is covered or scrolled out of the hint's panel"


# each scored Gardens building's points tag: its text, the size its figures are drawn at
# on the screen (the font's size times the board's scale), its box and its figures' box
TAG_SIZE_JS = """() => [...document.querySelectorAll('.aw-root .ag-board .ag-pts')].map((g) => {
    const svg = g.ownerSVGElement, scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
    const tx = g.querySelector('text');
    return [tx.textContent, parseFloat(getComputedStyle(tx).fontSize) * scale]; })"""

# the least size of a Gardens points tag's figures on the screen, in px
LEAST_TAG = 11


@pytest.mark.parametrize("theme", ["Light", "Dark"])
def test_G4_the_gardens_points_tags_are_at_least_11_px_and_clear_of_the_trees(gardens, theme):
    """At 1280x720 (the board drawn smallest) each scored building's points tag has its
    figures at 11 px or more on the screen (they were 7.5), its figures inside it, and
    it touches no tree of the tiles around it."""
    from test_table_measured import _tags_clear

    t = gardens
    t.at_size((1280, 720), theme)
    tags = t.page.evaluate(TAG_SIZE_JS)
    assert tags, "no building scored: nothing measured"
    small = [(text, round(px, 1)) for text, px in tags if px < LEAST_TAG - 0.05]
    t.widget().locator(".ag-board").first.screenshot(path=str(t.shot(f"tags-{theme.lower()}")))
    bad = _tags_clear(t, f"1280x720 {theme}")
    assert not small, f"points tags under {LEAST_TAG} px: {small}"
    assert not bad, "\n".join(bad)


# a ring's colour and pattern: a dashed (or dotted) border drawn around the element by
# its ::after, else its box shadow (a solid ring); its colour composited over the page
RINGS_JS = """() => { const root = document.querySelector('.aw-root');
    const rgb = (s) => (s.match(/rgba?\\(([^)]+)\\)/) || [, '0,0,0,0'])[1].split(',').map(Number);
    const bg = rgb(getComputedStyle(root).backgroundColor);
    const over = (c) => { const a = c.length > 3 ? c[3] : 1; return [0, 1, 2].map((i) => c[i] * a + bg[i] * (1 - a)); };
    const ring = (e) => { if (!e) return null; const a = getComputedStyle(e, '::after');
        if (a.content !== 'none' && a.borderTopStyle !== 'none' && parseFloat(a.borderTopWidth) > 0)
            return [over(rgb(a.borderTopColor)), a.borderTopStyle];
        const s = getComputedStyle(e).boxShadow; return s === 'none' ? null : [over(rgb(s)), 'solid']; };
    const hex = (h) => { h = h.trim(); return [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16)); };
    const q = (s) => root.querySelector(s);
    return {currencies: Object.fromEntries(['denar', 'dirham', 'ducat', 'florin'].map((c) =>
                [c, hex(getComputedStyle(root).getPropertyValue('--aw-' + c))])),
            can: ring(q('.aw-market .aw-slot.aw-can:not(.aw-recent)')),
            recent: ring(q('.aw-market .aw-slot.aw-recent')),
            canKey: ring(q('.aw-market .aw-ringkey-can .aw-ringswatch')),
            recentKey: ring(q('.aw-market .aw-ringkey-recent .aw-ringswatch'))}; }"""


def _lab(rgb) -> tuple[float, float, float]:
    """CIE L*a*b* of an sRGB colour (0-255)."""
    lin = [
        v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4 for v in (c / 255 for c in rgb)
    ]
    x = (0.4124 * lin[0] + 0.3576 * lin[1] + 0.1805 * lin[2]) / 0.95047
    y = 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]
    z = (0.0193 * lin[0] + 0.1192 * lin[1] + 0.9505 * lin[2]) / 1.08883

    def f(v: float) -> float:
        return v ** (1 / 3) if v > 0.008856 else 7.787 * v + 16 / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def _delta_e(a, b) -> float:
    """CIE76 colour difference: about 2.3 is just noticeable, 40 plainly another colour."""
    return sum((p - q) ** 2 for p, q in zip(_lab(a), _lab(b))) ** 0.5


# the least colour difference between a market ring and any currency's colour (the
# orange ring was 33 from the denar, the dark theme's pink 28 from the florin, the
# green 24 from the dirham)
RING_APART = 40


@pytest.mark.parametrize("theme", ["Light", "Dark"])
def test_the_market_rings_are_apart_from_every_currency_colour_and_the_key_draws_them_alike(
    table, theme
):
    """Ben bought from the denar slot since your last move (its slot refilled) and you can
    pay for some slots: each ring's colour is at least 40 (CIE76) from each of the four
    currencies' colours, the two rings differ in pattern or colour, and the key beside
    the market draws each ring as the slots do."""
    t = table
    close = t.widget().locator(".aw-rounds.aw-walk [data-walk='close']")
    if close.count():
        close.first.click()
    t.at_size(SIZES[0], theme)
    t.py(
        "from alhambra_widget.engine.alhambra.actions import Buy, Place\n"
        "g.edit(current='Ben', market={'denar': 'garden 6'}, players={'Ben': {'money': ['denar 7']},"
        " 'You': {'money': ['denar 9', 'dirham 9', 'ducat 9', 'florin 9']}})\n"
        "g.apply(Buy('denar', (7,)))\n"
        "g.apply(next(a for a in g.legal_actions() if isinstance(a, Place)))\n"
        "g.edit(current='Cem')\n"
        "g.apply(next(a for a in g.legal_actions() if type(a).__name__ == 'TakeMoney'))"
    )
    t.widget().locator(".aw-market .aw-slot.aw-recent").wait_for()
    t.widget().locator(".aw-market .aw-slot.aw-can:not(.aw-recent)").first.wait_for()
    scroll_to_top(t.page)
    got = t.page.evaluate(RINGS_JS)
    t.shot(f"rings-{theme.lower()}")
    bad = []
    for name in ("can", "recent"):
        ring = got[name]
        assert ring, f"no {name} ring drawn"
        for cur, colour in got["currencies"].items():
            d = _delta_e(ring[0], colour)
            if d < RING_APART:
                bad.append(f"{theme}: the {name} ring {ring} is {d:.0f} from the {cur}'s {colour}")
        key = got[f"{name}Key"]
        if key is None or key[1] != ring[1] or _delta_e(key[0], ring[0]) > 3:
            bad.append(f"{theme}: the key's {name} ring {key} is not the slots' {ring}")
    can, recent = got["can"], got["recent"]
    if can[1] == recent[1] and _delta_e(can[0], recent[0]) < RING_APART:
        bad.append(f"{theme}: the two rings look alike: {can} and {recent}")
    assert not bad, "\n".join(bad)


# each hinted card of your hand: its label, its badge's box and whether the badge (a
# pill) is drawn at its middle, at the middles of its round ends and near its top and
# foot (nothing over any of it); the badges take the mouse while they are measured (they
# let clicks through to their card: the page's hit test would pass them by)
BADGES_JS = """() => { const badges = [...document.querySelectorAll('.aw-root .aw-me [data-area=hand] .aw-hintbadge')];
    badges.forEach((b) => { b.style.pointerEvents = 'auto'; });
    const out = [...document.querySelectorAll('.aw-root .aw-me [data-area=hand] .aw-hinted')].map((c) => {
    const b = c.querySelector('.aw-hintbadge'); if (!b) return [c.getAttribute('aria-label'), null, false];
    const r = b.getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + r.height / 2;
    const pts = [[x, y], [r.left + r.height / 2, y], [r.right - r.height / 2, y], [x, r.top + 1.5], [x, r.bottom - 1.5]];
    const v = c.querySelector('.aw-card-val').getBoundingClientRect();
    const val = document.elementFromPoint(v.left + Math.min(v.width / 2, 6), v.top + v.height / 2);
    return [c.getAttribute('aria-label'), [r.left, r.top, r.right, r.bottom],
        pts.every(([x, y]) => { const at = document.elementFromPoint(x, y); return !!at && b.contains(at); }),
        !!val && c.querySelector('.aw-card-val').contains(val)]; });
    badges.forEach((b) => { b.style.pointerEvents = ''; });
    return out; }"""


@pytest.mark.parametrize("n", [27, 45])
def test_a_hinted_card_of_a_fanned_hand_shows_its_whole_badge(table, n):
    """More than eighteen cards (a fanned hand, its cards overlapping): a hint's move
    paying with cards of the hand marks each with its numbers, and each badge is whole
    in sight, nothing over it (the next card lay over it), and so is the card's value
    (the badge lay over it: a fanned card shows only its value's strip)."""
    t = table
    close = t.widget().locator(".aw-rounds.aw-walk [data-walk='close']")
    if close.count():
        close.first.click()
    t.at_size(SIZES[1], "Light")
    hand = _hand(n)
    t.py(f"g.edit(current='You', players={{'You': {{'money': {hand!r}}}}})")
    board = t.widget()
    board.locator("[data-area=hand] [data-card]").nth(n - 1).wait_for()
    hint = board.locator("section.aw-hint button[data-hint='cancel']")
    if hint.count():
        hint.first.click()
    t.py("w.hint_playouts = 20")
    board.locator("button[data-hint='ask']").first.click()
    board.locator("section.aw-hint li").first.wait_for(timeout=60000)
    scroll_to_top(t.page)
    got = t.page.evaluate(BADGES_JS)
    board.locator(".aw-me").screenshot(path=str(t.shot(f"hand-hint-{n}")))
    board.locator("section.aw-hint button[data-hint='cancel']").first.click()
    assert got, "the hint pays with no card of the hand: nothing measured"
    bad = [f"{label}: its badge {box} is covered" for label, box, seen, _ in got if not seen]
    bad += [
        f"{label}: its value is covered (by its badge)" for label, _, _, value in got if not value
    ]
    assert not bad, "\n".join(bad)


# the bar's last moves: the instruction's lines, each move's text, its box and its
# content's width and height, the list's box, and the line height
MOVES_JS = """() => { const s = document.querySelector('.aw-root .aw-bar .aw-status');
    const ol = s && s.querySelector('.aw-lastmoves'); if (!ol) return null;
    const say = s.querySelector('.aw-say'), line = parseFloat(getComputedStyle(ol).lineHeight);
    const box = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
    return {say: Math.round(say.getBoundingClientRect().height / parseFloat(getComputedStyle(say).lineHeight)),
        list: box(ol), line, moves: [...ol.querySelectorAll('li')].map((li) =>
            [li.textContent, box(li), li.scrollWidth - li.clientWidth, li.getAttribute('title')])}; }"""


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_bars_newest_move_wraps_whole_within_the_prompts_area(table, size):
    """Ben bought a tile with walls and built it (a sentence longer than the bar's width),
    and it is Cem's turn: under the one-line instruction ("Cem's turn (greedy bot).")
    the newest move lies whole within the prompt's fixed area, wrapped to two lines
    rather than cut with "…"; its whole sentence is its hover; the instruction is whole."""
    from test_table_measured import _prompt_whole

    t = table
    close = t.widget().locator(".aw-rounds.aw-walk [data-walk='close']")
    if close.count():
        close.first.click()
    t.at_size(size, "Light")
    t.py(
        "from alhambra_widget.engine.alhambra.actions import Buy, Place\n"
        "g.edit(current='Ben', market={'denar': 'seraglio 5 SW'}, players={'Ben': {'money': ['denar 2', 'denar 4']}})\n"
        "g.apply(Buy('denar', (4, 2)))\n"
        "g.apply(next(a for a in g.legal_actions() if isinstance(a, Place)))"
    )
    board = t.widget()
    board.locator(".aw-bar .aw-lastmoves li").filter(has_text="seraglio").first.wait_for()
    t.page.wait_for_timeout(200)
    scroll_to_top(t.page)
    got = t.page.evaluate(MOVES_JS)
    t.shot(f"bar-moves-{size[0]}")
    assert got and got["moves"], got
    assert got["say"] == 1, f"the instruction takes {got['say']} lines: nothing measured"
    text, box, wider, title = got["moves"][0]
    assert "seraglio" in text and title == text, got["moves"][0]
    if size == (1280, 720):  # (at 1366 px the sentence fits one line)
        assert box[3] - box[1] > 1.5 * got["line"], f"the newest move does not wrap: {got}"
    assert wider <= 1, f"the newest move is cut at its right: {got}"
    assert box[3] <= got["list"][3] + 1, f"the newest move {box} runs out of its area {got['list']}"
    assert not _prompt_whole(t, f"{size}")

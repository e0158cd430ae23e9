// The page contract's types, generated from alhambra_widget/views/contract/ by
//   python -m alhambra_widget.views.contract --typescript > js/src/contract.ts
// Do not edit: change the Python declarations and generate this file again
// (`bash run.sh check` fails while it is out of date).

/** A money card: `[currency, value]`. */
export type CardJson = [string, number];

/** A building tile: `[kind, price, walls]` (walls: the sides with a wall, `"NE"`). */
export type TileJson = [string, number, string];

/** A tile built in an Alhambra: `[x, y, kind, price, walls]`. */
export type BuiltJson = [number, number, string, number, string];

/** A wall segment between two cell corners: `[x1, y1, x2, y2]`. */
export type SegmentJson = [number, number, number, number];

/** A cell or a Gardens field: `[x, y]`. */
export type PosJson = [number, number];

/** Per cell `"x,y"`: `""` when legal, else the ruling id that forbids it. */
export type CellRules = Record<string, string>;

/**
 * Where a move shows on the table (a move made, or a hint's move): the display cards
 * taken, the market slot bought from and the cards paid, the cells built on (`cells`)
 * or emptied (`from`), the Gardens fields laid on. Read off the action's fields.
 */
export interface Marks {
  cards?: CardJson[];
  slot?: string;
  pay?: CardJson[];
  cells?: string[];
  from?: string[];
  fields?: string[];
}

/** A move of another player since the viewer last acted, for the page to mark. */
export interface RecentJson {
  player: number;
  /** The move's sentence from the log. */
  text: string;
  marks: Marks;
}

/**
 * A line of the variation tree: its number, length, the step it branches off at (0 for
 * the main line) and whether it is being played.
 */
export interface LineJson {
  line: number;
  steps: number;
  from: number;
  current: boolean;
}

/** R5: take money cards from the display, named `"denar 3"`. */
export interface TakeMoneyJson {
  type: "take_money";
  cards: string[];
}

/** R6: buy the tile of a market slot, paying with these card values. */
export interface BuyJson {
  type: "buy";
  currency: string;
  pay: number[];
}

/** Build a tile on a cell: bought (R9), from the reserve (R8), or exchanged. */
export interface AtCellJson {
  type: "place" | "from_reserve" | "exchange";
  tile: string;
  pos: PosJson;
}

/** Put a tile bought in the reserve, or give it to Dirk (R3). */
export interface TileOnlyJson {
  type: "reserve" | "give_to_dirk";
  tile: string;
}

/** R8: move a built tile to the reserve. */
export interface ToReserveJson {
  type: "to_reserve";
  pos: PosJson;
}

/** Nothing else is possible. */
export interface PassJson {
  type: "pass";
}

/** The Gardens (G3): lay a tile of the hand on a field, turned 0-3 quarter turns. */
export interface LayJson {
  type: "lay";
  tile: string;
  field: PosJson;
  turn: number;
}

/** An action of either game as its `to_json()` writes it. */
export type ActionJson = TakeMoneyJson | BuyJson | AtCellJson | TileOnlyJson | ToReserveJson | PassJson | LayJson;

/** A search in progress: how much is done. */
export interface RunningPanel {
  state: "running";
  done: number;
  total: number;
}

/**
 * One of the search's best moves: the action, its sentence, the chance to win after
 * it, the simulations that tried it, the reasons.
 */
export interface HintJson {
  action: ActionJson;
  says: string;
  chance: number;
  visits: number;
  reasons: string[];
  /** Within the search's noise of its choice: no ranking. */
  about_equal: boolean;
}

/** A hint's move, with where it shows on the table. */
export interface HintMove extends HintJson {
  marks: Marks;
}

/** A search still at work after a first answer: the simulations done, of all. */
export interface Refining {
  done: number;
  total: number;
}

/** The hint's moves, best first. */
export interface HintDone {
  /**
   * Present while the search goes on: the moves are a first answer, from part of
   * its simulations, and better ones come.
   */
  refining?: Refining;
  state: "done";
  moves: HintMove[];
}

/** A decision weighed in a review: what was played, the chances, the loss. */
export interface DecisionJson {
  /**
   * What the search preferred (absent for another player's mistake: worked out from
   * their hidden hand).
   */
  best?: string;
  chance_best?: number;
  step: number;
  player: string;
  played: string;
  chance_played: number;
  loss: number;
}

/**
 * The review's graph: each player's chance to win step by step, the accuracy of
 * each player reviewed, the mistakes, the scoring rounds' steps.
 */
export interface GraphJson {
  players: string[];
  chances: number[][];
  accuracy: Record<string, number>;
  mistakes: DecisionJson[];
  rounds: number[];
}

/**
 * The decisions of the person reviewed: their number, mean loss, the big ones, the
 * costliest.
 */
export interface ReviewSummary {
  /** Every action of the player (the decisions are those with a choice). */
  actions?: number;
  hands_shown?: number | null;
  state: "done";
  player: string;
  decisions: number;
  mean_loss: number;
  big: number;
  mistakes: DecisionJson[];
}

/** The review panel once done, with the game's graph. */
export interface ReviewDone extends ReviewSummary {
  graph: GraphJson;
}

/** Two lines side by side: what scoring round `round` gives at the end of each. */
export interface ComparePanel {
  state: "done";
  a: number;
  b: number;
  round: number;
  /** Per player: the total in line a, in line b, and the change. */
  totals: Record<string, [number, number, number]>;
}

/** A review in progress: how many of the decisions are weighed, and the graph so far. */
export interface ReviewRunning {
  /** The game's graph with the decisions weighed so far (it fills as they come). */
  graph?: GraphJson;
  state: "running";
  done: number;
  total: number;
}

/** The hint panel: running, or its moves (maybe a first answer, still refining). */
export type HintPanel = RunningPanel | HintDone;

/** The review panel: running (with its graph so far), or done. */
export type ReviewPanel = ReviewRunning | ReviewDone;

/** Something the coach says (kind `"mistake"`, `"scoring"`, `"undone"`, `"end"`). */
export interface RemarkJson {
  kind: string;
  text: string;
  step: number;
  rule: string | null;
  lines: string[];
  /** What else tells a flagged move from the preferred one (shown on demand). */
  more: string[];
  decision: DecisionJson | null;
}

/** The coach of a coached game: its last remark, whether it offers a move back. */
export interface CoachJson {
  remark: RemarkJson | null;
  offer: boolean;
  threshold: number;
  finished: boolean;
}

/**
 * A term of the course's glossary: what it means, the lesson that teaches it (its id
 * and `title`; `at`, its place in the course map sent with it, or None), and the
 * `stem` the page looks for in a text to link its uses to this entry.
 */
export interface GlossaryEntry {
  term: string;
  stem: string;
  meaning: string;
  lesson: string;
  title: string;
  at: number | null;
}

/**
 * The guide of a guided first game: the step it waits for (`step` of `steps`),
 * what happened since the last one (`before`; `note`: that a stretch was played
 * for the learner), what to do (`do`) and why (`why`,
 * naming `rules`), where to click (`marks`), and what a click that was not the
 * step's move was told (`said`: a gentle sentence, drawn in the guide's region, or
 * empty); at the end (`finished`) the result in `why`, the engine's `lines` and
 * what comes next (`next`: the coached game's line of code). After a scoring round
 * the table played by itself, `walk` is what the guide says while the round's
 * walkthrough is open and `walked` once it is closed (both empty otherwise): the
 * guide's text follows the walkthrough.
 */
export interface GuideJson {
  step: number;
  steps: number;
  note: string;
  before: string[];
  do: string;
  why: string;
  lines: string[];
  rules: string[];
  marks: Marks;
  finished: boolean;
  said: string;
  next: string;
  walk: string;
  walked: string;
  /** Why the step's move is a good one, in the course's terms (empty at the end). */
  good: string;
  /** The glossary's entries of the terms the guide's words use here (each linked). */
  glossary: GlossaryEntry[];
}

/** What every board over a game with a timeline sends besides the game. */
export interface SessionFields {
  /** A coached game: the coach's region. */
  coach?: CoachJson;
  /** A guided first game: the guide's region. */
  guide?: GuideJson;
  /** The view's version: intents name the view they were made on. */
  v: number;
  bot_to_move: boolean;
  lines: LineJson[];
  hint: HintPanel | null;
  hint_allowed: boolean;
  compare: ComparePanel | null;
  review: ReviewPanel | null;
  /** The step from which every hand was shown (a teacher's switch), or None. */
  hands_shown: number | null;
  /** A teacher has paused this online table: moves wait until it resumes. */
  paused: boolean;
}

/** A line of the final ranking. */
export interface RankJson {
  name: string;
  score: number;
  rank: number;
  winner: boolean;
}

/**
 * An Alhambra: its tiles and the segments of its longest wall (R11; empty where it
 * must not be shown).
 */
export interface AlhambraJson {
  tiles: BuiltJson[];
  wall: SegmentJson[];
}

/** A player as the board shows them. */
export interface PlayerJson {
  name: string;
  /** `"human"`, a bot's level, `"online"` or `"online:LEVEL"`. */
  seat: string;
  score: number;
  /** None for a hand this viewer may not see. */
  money: CardJson[] | null;
  cards: number;
  alhambra: AlhambraJson;
  reserve: TileJson[];
  bought: TileJson[];
  counts: Record<string, number>;
}

/** Dirk, the third player of a two-player game (R3). */
export interface DirkJson {
  name: string;
  can_win: boolean;
  score: number;
  tiles: TileJson[];
}

/** A market slot: its currency and tile (None: empty). */
export interface SlotJson {
  currency: string;
  tile: TileJson | null;
}

/** R10 for one kind: counts, places, points and shared places per player. */
export interface KindScoreJson {
  kind: string;
  counts: Record<string, number>;
  places: Record<string, number>;
  points: Record<string, number>;
  shared: Record<string, number[]>;
}

/** A kind in the standings, with what each place pays in that round. */
export interface OverviewKind extends KindScoreJson {
  pays: number[];
}

/**
 * A scoring round that was played: each kind's result with what each place pays
 * in this round (the rulebook's points table, the engine's).
 */
export interface RoundJson {
  number: number;
  kinds: OverviewKind[];
  walls: Record<string, number>;
  /**
   * Each player's longest wall as scored, `[ax, ay, bx, by]` per segment: the
   * walkthrough draws these, since a board may have changed since the round.
   */
  wall_lines: Record<string, number[][]>;
  totals: Record<string, number>;
  /**
   * Each player's points (and Dirk's) just before this round was scored (the
   * engine's), shown while the round is walked through until its total.
   */
  before: Record<string, number>;
}

/** The standings: what the next scoring round would give now. */
export interface OverviewJson {
  round: number;
  kinds: OverviewKind[];
  walls: Record<string, number>;
  totals: Record<string, number>;
  /** The players, and Dirk. */
  names: string[];
}

/** A round's points and walls in the results. */
export interface ResultRoundJson {
  number: number;
  totals: Record<string, number>;
  walls: Record<string, number>;
}

/**
 * A collector scored at the end who is no player and cannot win (Dirk, R3): his
 * points, shown apart from the ranking.
 */
export interface ApartJson {
  name: string;
  score: number;
}

/**
 * At the end: the ranking of the players (Dirk among them only when an option lets
 * him win, R3), whoever is scored apart, and each round.
 */
export interface ResultsJson {
  ranking: RankJson[];
  apart: ApartJson[];
  rounds: ResultRoundJson[];
}

/**
 * Where a tile may go: the rule of each cell, and per legal cell the wall segments
 * the tile would join there (R11).
 */
export interface TargetCells {
  cells: CellRules;
  joins: Record<string, SegmentJson[]>;
}

/** A tile the mover may place (bought, a gift, or in the reserve): where it may go. */
export interface TileOption extends TargetCells {
  /** A tile bought may go to Dirk (R3). */
  dirk?: boolean;
  /** The built tiles a reserve tile may be exchanged with. */
  exchange?: string[];
  source: "bought" | "gift" | "reserve";
  /** The action that builds it on a cell. */
  action: "place" | "from_reserve";
}

/**
 * A market slot the mover may buy from (R6): every payment, the exact ones (R4),
 * the places in the hand of the cards some payment uses, and where its tile may go.
 */
export interface BuyOption extends TargetCells {
  price: number;
  pays: number[][];
  /**
   * Per payment total: what paying it means, the engine's sentence as the log says it
   * (R4 exact, R6 overpaid).
   */
  says: Record<string, string>;
  exact: number[][];
  cards: number[];
  tile: string;
}

/**
 * What the mover may do while acting: the R5 takes (index lists into the display) and
 * what the prompt says of several cards taken together (R5's words); with the hand seen, the purchases, the refusals of the other slots and whether to pass;
 * the R8 removals.
 */
export interface LegalMore {
  take?: number[][];
  take_limit?: string;
  buy?: Record<string, BuyOption>;
  refused?: Record<string, string>;
  pass?: boolean;
  remove?: CellRules;
}

/** What the player to move may do now: read off the engine's legal actions. */
export interface LegalJson extends LegalMore {
  player: number;
  phase: string;
  tiles: Record<string, TileOption>;
}

/** A free Alhambra: rules per cell for each wall pattern of the palette, removals. */
export interface SandboxJson {
  alhambra: AlhambraJson;
  palette: TileJson[];
  /** Per wall pattern (a tile's walls): the rule of each cell. */
  cells: Record<string, CellRules>;
  remove: CellRules;
  counts: Record<string, number>;
}

/** A sandbox on a copy of a player's Alhambra, in a game. */
export interface GameSandbox extends SandboxJson {
  player: number;
}

/**
 * What lies on the table: the building market, the money display, and how many
 * cards and tiles are left in the deck, the discard pile and the bag.
 */
export interface TableTop {
  market: SlotJson[];
  display: CardJson[];
  deck: number;
  discard: number;
  bag: number;
}

/** An Alhambra game as the viewer may see it. */
export interface GameState extends TableTop {
  mode: "game";
  step: number;
  steps: number;
  live: boolean;
  turn: number;
  phase: string;
  over: boolean;
  winners: string[];
  current: number;
  players: PlayerJson[];
  dirk: DirkJson | null;
  /** Per scoring card: the window of draws it lies in, None once drawn (R2). */
  scoring: Record<string, [number, number] | null>;
  rounds: RoundJson[];
  log: string[];
  /** The person the board is for (None: nobody, or a bot to move). */
  me: number | null;
  recent: RecentJson[];
  overview: OverviewJson | null;
  results: ResultsJson | null;
  currencies: string[];
  kinds: string[];
  legal: LegalJson | null;
}

/**
 * A tile bought by dropping it from its market slot onto a cell, waiting for the
 * turn's end (an exact payment gave another action, R4) to be built there (R9).
 */
export interface DropJson {
  tile: string;
  cell: string;
}

/** The Alhambra table's view model. */
export interface GameView extends GameState, SessionFields {
  /** A sandbox opened on a copy of a player's Alhambra. */
  sandbox: GameSandbox | null;
  dropped: DropJson | null;
}

/** One Alhambra on its own (the sandbox widget). */
export interface SandboxView {
  mode: "alhambra";
  v: number;
  sandbox: SandboxJson;
}

/** A garden tile in hand, with its sides after 0-3 quarter turns. */
export interface GardenTileJson {
  id: string;
  trees: number;
  sides: string[];
  turned: string[][];
}

/** A Gardens player. */
export interface GardensPlayerJson {
  name: string;
  seat: string;
  kinds: string[];
  points: Record<string, number>;
  score: number;
  /** None for a hand this viewer may not see. */
  hand: GardenTileJson[] | null;
  cards: number;
}

/** Fields and buildings a row. */
export interface BoardSize {
  fields: number;
  buildings: number;
}

/** A building: `[x, y, value, kind]`. */
export type BuildingJson = [number, number, number, string];

/** A laid garden tile: `[x, y, tile id, trees, sides as turned]`. */
export type FieldJson = [number, number, string, number, string[]];

/** An enclosed building, scored (G4). */
export interface ScoredJson {
  building: PosJson;
  value: number;
  kind: string;
  counts: Record<string, number>;
  winner: string | null;
  multiplier: number;
  points: number;
  owner: string | null;
  why: string;
}

/** The board of a Gardens game. */
export interface GardensBoard {
  size: BoardSize;
  buildings: BuildingJson[];
  fields: FieldJson[];
  scored: Record<string, ScoredJson>;
  /** The buildings the last lay scored. */
  last_scored: string[];
  /**
   * Where each building stands, named by the fields around it as the engine's log
   * and the guide name it ("between fields (0, 0) and (1, 1)"), by `"x,y"`.
   */
  places: Record<string, string>;
}

/** Where the mover may lay (G3). */
export interface GardensLegal {
  player: number;
  fields: CellRules;
  first: boolean;
  /** What the prompt says of the game's first lay (G3's words; empty after it). */
  lay_limit: string;
}

/** A Gardens game as the viewer may see it. */
export interface GardensState extends GardensBoard {
  mode: "gardens";
  step: number;
  steps: number;
  live: boolean;
  turn: number;
  over: boolean;
  winners: string[];
  /** At the end, the players by their final totals (G5); empty before. */
  ranking: RankJson[];
  current: number;
  players: GardensPlayerJson[];
  owners: Record<string, string | null>;
  recent: RecentJson[];
  supply: number;
  log: string[];
  legal: GardensLegal | null;
}

/** The Gardens table's view model. */
export interface GardensView extends GardensState, SessionFields {
}

/** A small table of facts. */
export interface FactsTable {
  head: string[];
  rows: ((string | number)[])[];
}

/** A garden tile before any turn (G2). */
export interface GardenPicture {
  id: string;
  trees: number;
  sides: string[];
}

/** A Gardens board drawn for a lesson. */
export interface GardensPicture extends GardensBoard {
  mark: string | null;
  scores: Record<string, number>;
  kinds: Record<string, string[]>;
}

/** A money deck: its size and where each scoring card may lie (R2). */
export interface DeckJson {
  size: number;
  windows: Record<string, [number, number]>;
}

/** The picture beside a lesson's explanation. */
export interface PictureJson {
  table?: FactsTable;
  alhambra?: AlhambraJson;
  numbered?: boolean;
  tile?: TileJson;
  cell?: string;
  gardens?: GardensPicture;
  garden?: GardenPicture;
  deck?: DeckJson;
  cards?: CardJson[];
  tiles?: TileJson[];
  notes: string[];
}

/** The engine's judgement of a try. */
export interface VerdictJson {
  ok: boolean;
  text: string;
  rule: string | null;
  mistake: string;
  done: boolean;
}

/** What the learner may see of a lesson's game. */
export interface LessonGame {
  player: string;
  phase: string;
  market: Record<string, TileJson | null>;
  display: CardJson[];
  hand: CardJson[];
  bought: TileJson[];
  reserve: TileJson[];
  alhambra: AlhambraJson;
}

/** The cell a try picked on the board, the verdict, and once solved every right cell. */
export interface AnswerMarks {
  picked: string;
  ok: boolean;
  rule: string | null;
  right: string[];
}

/** Once solved: the cell the answer built on or emptied. */
export interface LessonMarks {
  cells: string[];
  from: string[];
}

/** A lesson in steps: the step, how many, the goals done. */
export interface StepsJson {
  at: number;
  of: number;
  goals: string[];
}

/** A lesson as the page draws it. */
export interface LessonJson {
  steps?: StepsJson;
  alhambra?: AlhambraJson;
  marks?: LessonMarks;
  tile?: TileJson;
  game?: LessonGame;
  gardens?: GardensPicture;
  /** A numbers lesson: the numbers asked for. */
  fields?: string[];
  /** A choose lesson: the choices. */
  options?: string[];
  option_tiles?: TileJson[][];
  id: string;
  title: string;
  chapter: string;
  rules: string[];
  teach: string;
  picture: PictureJson | null;
  goal: string;
  task: string;
  board: string;
  hints: string[];
  hints_left: number;
  hints_here: number;
  tries: number;
  solved: boolean;
  stars: number;
  feedback: VerdictJson | null;
  after: string;
  facts: string[];
  table: FactsTable | null;
  show_wall: boolean;
  pick: string | null;
  answer: AnswerMarks | null;
  /**
   * The glossary's terms this lesson's words use (its explanation, task, hints shown,
   * feedback): the page links the first use of each in a text to its entry.
   */
  terms: string[];
}

/** The lesson on the course's board, with the learner's best stars in it. */
export interface CourseLesson extends LessonJson {
  best: number;
}

/** A lesson in the course map. */
export interface CourseItem {
  id: string;
  title: string;
  chapter: string;
  stars: number;
}

/** A chapter in the course map: lessons, and those with a star. */
export interface ChapterJson {
  id: string;
  name: string;
  lessons: number;
  done: number;
}

/** The course map. */
export interface CourseMap {
  lessons: CourseItem[];
  chapters: ChapterJson[];
  at: number;
  stars: number;
  complete: boolean;
  unfinished: number | null;
  /**
   * A practice session's items (fresh positions), not the course's lessons: the map
   * counts what this session solved, and done is "practice done", not the course.
   */
  practice: boolean;
}

/** The course's view model. */
export interface CourseView {
  mode: "course";
  v: number;
  course: CourseMap;
  lesson: CourseLesson;
  /** Every term of the course's glossary, each with the lesson teaching it. */
  glossary: GlossaryEntry[];
}

/** The `view` trait: what the page draws. */
export type View = GameView | GardensView | CourseView | SandboxView;

/** The `message` trait: the last sentence for the page (empty: nothing to say). */
export interface Message {
  text?: string;
  kind?: "info" | "error";
  rule?: string | null;
  /** Counts up: the same sentence twice still reaches the page. */
  id?: number;
}

/**
 * The `texts` trait, sent once: the rules' texts by ruling id, the building
 * kinds' shapes (SVG paths).
 */
export interface Texts {
  rules: Record<string, string>;
  glyphs: Record<string, string>;
}

/** Every trait a board syncs with the page (a widget has the ones it uses). */
export interface Traits {
  view?: View;
  message?: Message;
  texts?: Texts;
  board_id?: string;
  show_coords?: boolean;
  show_walls?: boolean;
  show_all_money?: boolean;
  autoplay_bots?: boolean;
  bot_delay?: number;
  hints_enabled?: boolean;
  /** Written by the page: the steps in the game when it last drew it. */
  seen_steps?: number;
}

/** The page greets the kernel when it draws the board. */
export interface HelloIntent {
  /**
   * Which view of the board (a notebook may show it more than once, and draws its
   * output anew): the kernel counts the views left in pages.
   */
  view?: string;
  kind: "hello";
}

/**
 * A view of the board leaves the page (its output cleared or drawn anew, its
 * notebook closed): with no view left, the background review stops.
 */
export interface ByeIntent {
  /**
   * Which view of the board (a notebook may show it more than once, and draws its
   * output anew): the kernel counts the views left in pages.
   */
  view?: string;
  kind: "bye";
}

/** A person's action. */
export interface ActIntent {
  /** From a past step: branch off a new line, or undo back to it. */
  resolve?: "branch" | "undo";
  /**
   * With a purchase: the cell to build the tile on once the turn's actions are over
   * (a tile dragged from the market onto a cell, R9).
   */
  place?: PosJson;
  kind: "act";
  v: number;
  action: ActionJson;
}

/**
 * A request made on view `v`: a bot's move, undoing the last decision, a hint, a
 * review.
 */
export interface VersionedIntent {
  kind: "bot" | "undo" | "hint" | "review";
  v: number;
}

/** Close a hint or a review (or stop its search). */
export interface CancelIntent {
  kind: "hint" | "review";
  cancel: true;
}

/** Show the game after `step` actions. */
export interface GotoIntent {
  kind: "goto";
  step: number;
}

/** Play, promote, delete or compare a line of the variation tree. */
export interface LineIntent {
  kind: "line";
  do: "switch" | "promote" | "delete" | "compare";
  line: number;
}

/** Why may the tile not go there? (a click on a cell the page marks illegal). */
export interface ExplainIntent {
  kind: "explain";
  player: number | null;
  sandbox: boolean;
  tile: string;
  pos: PosJson;
}

/** Why may this tile not go to the reserve (R8)? Remove the sandbox's tile here. */
export interface CellIntent {
  kind: "explain_removal" | "sb_remove";
  pos: PosJson;
}

/** Open a sandbox on a copy of player `player`'s Alhambra (None: close it). */
export interface SandboxIntent {
  kind: "sandbox";
  player: number | null;
}

/** Build a palette tile in the sandbox. */
export interface SandboxPlaceIntent {
  kind: "sb_place";
  tile: string;
  pos: PosJson;
}

/** The answer to the coach. */
export interface CoachIntent {
  kind: "coach";
  do: "undo" | "keep" | "close";
  v: number;
}

/** A request to the guide of a guided first game: start it again. */
export interface GuideIntent {
  kind: "guide";
  do: "restart";
  v: number;
}

/** Open a lesson (its index in the course map, or its id). */
export interface LessonIntent {
  kind: "lesson";
  lesson: number | string;
}

/**
 * A lesson's answer: a cell, a placement, a field, cards taken, a purchase, the
 * reserve, numbers or a choice.
 */
export interface Answer {
  cell?: PosJson;
  place?: PosJson;
  field?: PosJson;
  take?: string[];
  buy?: string | null;
  cards?: string[];
  reserve?: boolean;
  numbers?: Record<string, string>;
  choice?: string;
}

/** A try at the lesson. */
export interface AnswerIntent {
  kind: "answer";
  v: number;
  answer: Answer;
}

/**
 * The course: the lesson's next hint, start the lesson again, or read the progress
 * again (the learner is back at the board: another notebook may have earned stars).
 */
export interface CourseRequest {
  kind: "hint" | "reset" | "refresh";
}

/** A finished game's "New game": the same players, seats and options, the next seed. */
export interface NewGameIntent {
  kind: "new_game";
}

/** Every message the page sends. */
export type Intent = HelloIntent | ByeIntent | ActIntent | VersionedIntent | CancelIntent | GotoIntent | LineIntent | ExplainIntent | CellIntent | SandboxIntent | SandboxPlaceIntent | CoachIntent | GuideIntent | LessonIntent | AnswerIntent | CourseRequest | NewGameIntent;

/** Python's answer to every message: it is there. */
export interface Ack {
  kind: "ack";
}

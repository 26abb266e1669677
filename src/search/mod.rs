//! Choosing a move: threat checks and solvers at the root, then iterative
//! deepening over principal-variation alpha-beta with aspiration windows,
//! within the time budget. The best move of the last completed iteration
//! (or of a partly searched one, once its first move is proven) is always
//! ready when the search must stop.

pub mod alphabeta;
pub mod analysis;
pub mod movegen;
pub mod score;
mod threads;
pub mod time;
pub mod tt;
pub mod vcf;

use crate::board::{Board, Colour, Square};
use crate::rules::Rule;
use alphabeta::{History, Searcher, StopRule, MAX_PLY};
use movegen::ScoredMove;
use score::{is_mate_score, mate_distance, mate_in, mated_in, INFINITY};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};
use time::Budget;
use tt::TranspositionTable;
use vcf::ThreatSolver;

/// What the caller asks of a search.
#[derive(Clone, Debug)]
pub struct Limits {
    /// When the move's clock started (the command's arrival): the budget
    /// counts from here, so that what comes before the search proper
    /// (starting its thread, preparing its tables, the earlier searches of
    /// a multi-search command) is paid from the move's time.
    pub started: Instant,
    pub budget: Budget,
    /// Node limit from `INFO max_node` (0 = none).
    pub max_nodes: u64,
    /// Depth limit from `INFO max_depth` (0 = none).
    pub max_depth: u32,
    /// `INFO start_depth`: the search does not stop by its own choice (time
    /// target, single move) before completing this depth; 0 or 1 = no floor.
    pub start_depth: u32,
    /// Search threads (`INFO thread_num`, at least 1).
    pub threads: u32,
    /// Breadth of the root candidates (`INFO caution_factor`, 0..=5).
    pub caution_factor: u32,
    /// Root moves not to play (earlier answers of `YXNBEST`).
    pub exclude: Vec<Square>,
}

impl Limits {
    /// A search limited by `budget` only, with the default settings.
    pub fn timed(budget: Budget) -> Limits {
        Limits {
            started: Instant::now(),
            budget,
            max_nodes: 0,
            max_depth: 0,
            start_depth: 0,
            threads: 1,
            caution_factor: DEFAULT_CAUTION,
            exclude: Vec::new(),
        }
    }

    /// A fixed-depth search with no clock (bench, tests).
    pub fn depth(depth: u32) -> Limits {
        Limits {
            max_depth: depth,
            ..Limits::timed(Budget::unlimited())
        }
    }

    /// A search of `nodes` nodes with no clock (training data, tests).
    pub fn nodes(nodes: u64) -> Limits {
        Limits {
            max_nodes: nodes,
            ..Limits::timed(Budget::unlimited())
        }
    }

    fn allows(&self, sq: Square) -> bool {
        !self.exclude.contains(&sq)
    }

    /// Time left before the hard limit (`Duration::MAX` without a clock).
    pub fn hard_left(&self) -> Duration {
        if self.budget.hard == Duration::MAX {
            return Duration::MAX;
        }
        self.budget.hard.saturating_sub(self.started.elapsed())
    }

    /// The hard limit has passed.
    pub fn time_is_up(&self) -> bool {
        self.hard_left().is_zero()
    }

    /// Limits for the next of `parts` searches that share this move's time
    /// (see [`Budget::next_share`]); `threads` as given.
    pub fn next_share(&self, parts: u32) -> Limits {
        Limits {
            budget: self.budget.next_share(self.started.elapsed(), parts),
            ..self.clone()
        }
    }
}

/// `caution_factor` that keeps the normal root candidates.
pub const DEFAULT_CAUTION: u32 = 1;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// `None` only when no empty square is left.
    pub best: Option<Square>,
    pub score: i32,
    pub nodes: u64,
    pub depth: u32,
}

/// One completed iteration, for progress lines.
#[derive(Clone, Debug)]
pub struct Progress {
    pub depth: u32,
    pub seldepth: u32,
    pub score: i32,
    pub nodes: u64,
    pub elapsed: Duration,
    pub pv: Vec<Square>,
}

/// Called with the move as soon as the main thread has decided, before
/// the helper threads are stopped and joined.
pub type OnDecided = Box<dyn FnMut(Option<Square>) + Send>;

/// Tables kept from one search to the next within a game.
pub struct SearchState {
    pub tt: TranspositionTable,
    pub history: History,
    /// Set by the caller of a single search that can answer before its
    /// helpers are joined: on a busy machine a helper may wait tens of
    /// milliseconds for a core before it sees the stop flag.
    pub on_decided: Option<OnDecided>,
}

impl SearchState {
    pub fn new(table_bytes: usize) -> SearchState {
        SearchState {
            tt: TranspositionTable::new(table_bytes),
            history: History::new(),
            on_decided: None,
        }
    }

    /// Forgets everything learned (a new game).
    pub fn clear(&mut self) {
        self.tt.clear();
        self.history.clear();
    }
}

/// Node budget of the VCF check at the root.
const ROOT_VCF_NODES: u64 = 200_000;
/// Node budget of the VCT check at the root.
const ROOT_VCT_NODES: u64 = 40_000;
/// Threes in the root VCTs (each may be followed by fours).
const ROOT_VCT_THREES: u32 = 8;
/// Threat defence at the root: the share of the hard limit it may take,
/// the nodes of the check whether the opponent threatens a forced win, and
/// the nodes of the check of each root move against it. The budgets are
/// sized for the opponent's long forced wins (twenty plies and more, as in
/// many standard losses): against Rapfi classical in standard, 30k and 4k
/// nodes scored 45.5% over 600 games, these (the first capped near 40k at
/// 0.5 s a move by `VCT_NODES_PER_MS`) 47.0% (README, "The search").
const DEFENCE_TIME_PERCENT: u32 = 25;
const DEFENCE_CHECK_NODES: u64 = 100_000;
const DEFENCE_MOVE_NODES: u64 = 12_000;
/// Whether the root keeps only the VCF, leaving out the VCT for our own
/// win and the threat defence (their time goes to the search), with the
/// block of a delaying four costing a ply (`Searcher::delaying_four_costs_a_ply`).
/// In freestyle both VCTs took about a sixth of each move and decided
/// little: against Rapfi classical at 0.5 s a move, 17.1% over 800 games
/// against 14.7% over 600 (+2.5 ± 1.5 paired). In standard (−0.4 ± 1.4)
/// and renju (−2.0 ± 2.0) it gained nothing, so they keep both (README,
/// the nineteenth round).
pub fn lean_root(rule: Rule) -> bool {
    rule == Rule::Freestyle
}

/// Root solver nodes allowed per millisecond of the hard limit: about a
/// third of the solvers' speed for the VCF, a tenth for the VCT checks
/// (a VCT query without a win spends its whole budget, and at short
/// turns that budget is taken from the search).
const VCF_NODES_PER_MS: u64 = 300;
const VCT_NODES_PER_MS: u64 = 100;
/// Longest VCF searched (fours).
const MAX_VCF_FOURS: u32 = 40;
/// Half-width of the first aspiration window: about 0.08 of a logit of
/// the freestyle scores (the freestyle tables' fit puts a logit at about
/// 500 score units), the width Rapfi starts from in its own units. A
/// window of 150 scored about 5 points less against Rapfi classical over
/// two runs of this one (README, the thirty-fourth and thirty-fifth
/// rounds).
const ASPIRATION: i32 = 40;
/// Growth of an iteration's time over the previous one assumed when only
/// one has been measured, and the most ever assumed.
const ITERATION_GROWTH_DEFAULT: f64 = 2.0;
const ITERATION_GROWTH_MAX: f64 = 6.0;
/// Deepest iteration.
const MAX_DEPTH: u32 = 60;
/// A search with less time than this left runs on one thread: starting
/// helpers, sharing two cores with them and joining them would take much
/// of its time (a multi-search command runs dozens of such searches).
const HELPERS_FROM: Duration = Duration::from_millis(30);

/// Picks a move for `side`. Always returns a legal move when one exists,
/// also when `stop` is set from the start (then after a one-ply search).
pub fn think(
    board: &mut Board,
    side: Colour,
    limits: &Limits,
    stop: &AtomicBool,
    state: &mut SearchState,
    report: &mut dyn FnMut(&Progress),
) -> SearchResult {
    let start = limits.started;
    crate::eval::attach(board);
    let them = side.opponent();
    let result = |best: Square, score: i32, nodes: u64, depth: u32| SearchResult {
        best: Some(best),
        score,
        nodes,
        depth,
    };
    let no_move = SearchResult {
        best: None,
        score: 0,
        nodes: 0,
        depth: 0,
    };
    if board.empty_count() == 0 {
        return no_move;
    }
    if !board
        .history()
        .iter()
        .any(|&sq| board.get(sq) != crate::pattern::CellState::Wall)
    {
        return match centre_first(board)
            .into_iter()
            .find(|&sq| limits.allows(sq))
        {
            Some(centre) => result(centre, 0, 1, 0),
            None => no_move,
        };
    }

    // A search whose time is already up (a late part of a multi-search
    // command) is as minimal as an instant one.
    let instant =
        limits.budget.hard == Duration::ZERO || limits.time_is_up() || stop.load(Ordering::Relaxed);

    // Immediate win, then the opponent's five.
    let fives = movegen::five_squares(board, side);
    if let Some(&five) = fives.iter().find(|&&sq| limits.allows(sq)) {
        return result(five, mate_in(1), 1, 1);
    }
    let opponent_fives = movegen::five_squares(board, them);
    if !opponent_fives.is_empty() {
        let legal_block = opponent_fives
            .iter()
            .copied()
            .find(|&sq| limits.allows(sq) && movegen::is_legal(board, sq, side));
        let lost = opponent_fives.len() > 1 || legal_block.is_none();
        let search_the_block = !lost && limits.budget.whole_turn && !instant;
        if let Some(block) = legal_block.filter(|_| search_the_block) {
            // The block is forced, but time not used is lost: searching the
            // position after it fills the table for the next move.
            let moves = vec![ScoredMove {
                sq: block,
                score: 0,
            }];
            return iterate(board, side, limits, stop, state, report, moves, 0);
        }
        let score = if lost { mated_in(2) } else { 0 };
        return match legal_block.or_else(|| fallback_move(board, side, limits)) {
            Some(block) => result(block, score, 1, 1),
            None => no_move,
        };
    }

    let mut moves = root_moves(board, side, limits);
    if moves.is_empty() {
        return match fallback_move(board, side, limits) {
            Some(sq) => result(sq, mated_in(2), 1, 1),
            None => no_move,
        };
    }

    // Threat solvers: our own forced win by fours, then (unless the root is
    // lean) by threes.
    let mut solver = ThreatSolver::new(solver_node_limit(
        ROOT_VCF_NODES,
        limits,
        instant,
        VCF_NODES_PER_MS,
    ));
    // Instant moves are bounded by their small node limit alone.
    if !instant {
        solver.set_deadline(start.checked_add(limits.budget.hard));
    }
    solver.set_stop(stop);
    let vcf = solver
        .vcf(board, side, MAX_VCF_FOURS)
        .filter(|line| limits.allows(line[0]));
    if let Some(line) = vcf {
        let score = mate_in(line.len());
        report(&Progress {
            depth: line.len() as u32,
            seldepth: line.len() as u32,
            score,
            nodes: solver.nodes,
            elapsed: start.elapsed(),
            pv: line.clone(),
        });
        return result(line[0], score, solver.nodes, line.len() as u32);
    }
    let mut solver_nodes = solver.nodes;
    if !lean_root(board.rule()) && !instant && limits.max_depth == 0 {
        solver.reset(solver_node_limit(
            ROOT_VCT_NODES,
            limits,
            instant,
            VCT_NODES_PER_MS,
        ));
        let vct = solver
            .vct(board, side, ROOT_VCT_THREES)
            .filter(|&sq| limits.allows(sq));
        if let Some(sq) = vct {
            solver_nodes += solver.nodes;
            report(&Progress {
                depth: 1,
                seldepth: 1,
                score: mate_in(MAX_PLY),
                nodes: solver_nodes,
                elapsed: start.elapsed(),
                pv: vec![sq],
            });
            return result(sq, mate_in(MAX_PLY), solver_nodes, 1);
        }
        solver_nodes += solver.nodes;
        solver_nodes += keep_moves_that_stop_a_forced_win(board, side, &mut moves, limits, stop);
    }
    // `root_moves` found a move and the threat defence never drops them all.
    iterate(
        board,
        side,
        limits,
        stop,
        state,
        report,
        moves,
        solver_nodes,
    )
}

/// Iterative deepening over the root `moves` (best-ordered first, not
/// empty) on the main thread and its helpers.
#[allow(clippy::too_many_arguments)]
fn iterate(
    board: &mut Board,
    side: Colour,
    limits: &Limits,
    stop: &AtomicBool,
    state: &mut SearchState,
    report: &mut dyn FnMut(&Progress),
    mut moves: Vec<ScoredMove>,
    solver_nodes: u64,
) -> SearchResult {
    let start = limits.started;
    let first = moves[0].sq;

    let max_depth = if limits.max_depth == 0 {
        MAX_DEPTH
    } else {
        limits.max_depth.min(MAX_DEPTH)
    };
    let stop_rule = |stop| StopRule {
        start,
        hard: (limits.budget.hard != Duration::MAX).then_some(limits.budget.hard),
        max_nodes: limits.max_nodes,
        stop,
    };
    let SearchState {
        tt,
        history,
        on_decided,
    } = state;
    tt.new_search();
    let tt = &*tt;
    let root = Root {
        side,
        first,
        max_depth,
        solver_nodes,
    };
    log::debug!(
        "root solvers done at {} ms ({solver_nodes} nodes)",
        start.elapsed().as_millis()
    );
    let helpers = threads::Helpers::new();
    let (mut result, helper_nodes) = std::thread::scope(|scope| {
        let count = if limits.hard_left() < HELPERS_FROM {
            0
        } else {
            limits.threads.max(1) - 1
        };
        let helper_rule = stop_rule(helpers.stop_flag());
        let handles = helpers.start(scope, count, board, tt, &moves, &root, helper_rule);
        let mut searcher = Searcher::new(board, tt, history, stop_rule(stop));
        let result = main_iterations(&mut searcher, &root, &mut moves, limits, &helpers, report);
        if count > 0 {
            log::debug!("main thread done at {} ms", start.elapsed().as_millis());
            if let Some(decided) = on_decided.as_mut() {
                decided(result.best);
            }
        }
        (result, helpers.finish(handles))
    });
    result.nodes += helper_nodes;
    log::debug!(
        "search done at {} ms: depth {}, {} nodes, hard limit {:?}",
        start.elapsed().as_millis(),
        result.depth,
        result.nodes,
        limits.budget.hard
    );
    result
}

/// What every search thread starts from.
pub(crate) struct Root {
    side: Colour,
    /// The best-ordered root move (played if no iteration completes).
    first: Square,
    max_depth: u32,
    /// Nodes the root threat solvers used.
    solver_nodes: u64,
}

/// The main thread's iterative deepening: it alone reports progress and
/// decides the move and when to stop.
fn main_iterations(
    searcher: &mut Searcher<'_>,
    root: &Root,
    moves: &mut [ScoredMove],
    limits: &Limits,
    helpers: &threads::Helpers,
    report: &mut dyn FnMut(&Progress),
) -> SearchResult {
    let start = searcher.start();
    let mut best = root.first;
    let mut best_score = 0;
    let mut completed_depth = 0;
    let mut previous = 0;
    let mut previous_elapsed = Duration::ZERO;
    let mut last_iteration_time = Duration::ZERO;
    let progress = |searcher: &Searcher<'_>, depth, score, pv| Progress {
        depth,
        seldepth: searcher.seldepth as u32,
        score,
        nodes: searcher.nodes + root.solver_nodes + helpers.nodes(),
        elapsed: start.elapsed(),
        pv,
    };
    // The first iteration is cut only by a clock (never for an instant
    // move): on a large board or a busy machine it can take longer than
    // the whole move, and the best-ordered root move is always ready.
    let clock_cuts_first = limits.budget.hard != Duration::MAX && !limits.budget.hard.is_zero();
    for depth in 1..=root.max_depth {
        searcher.may_abort = depth > 1 || clock_cuts_first;
        searcher.seldepth = 0;
        let value = aspiration_search(searcher, root.side, moves, depth as i32, previous);
        let pv: Vec<Square> = searcher.root_pv().to_vec();
        if searcher.aborted {
            // A partly searched iteration counts only through a move proven
            // better than the window's lower bound (never a fail-low bound).
            if let Some((sq, value)) = searcher.root_best {
                // A new move is reported, so that the last progress line
                // (Yixin Board's displayed best line) names the move played.
                if sq != best {
                    let pv = if pv.first() == Some(&sq) {
                        pv
                    } else {
                        vec![sq]
                    };
                    report(&progress(searcher, depth, value, pv));
                }
                best = sq;
                best_score = value;
            }
            break;
        }
        if let Some(&sq) = pv.first() {
            best = sq;
        }
        best_score = value;
        previous = value;
        completed_depth = depth;
        report(&progress(searcher, depth, value, pv));
        let proven = mate_distance(value).is_some_and(|plies| plies <= depth as i32);
        // Below `start_depth` only the hard limit stops the search.
        let may_stop_early = depth >= limits.start_depth;
        let elapsed = start.elapsed();
        let iteration_time = elapsed.saturating_sub(previous_elapsed);
        let next_would_overrun =
            !start_another_iteration(limits.budget, elapsed, iteration_time, last_iteration_time);
        last_iteration_time = iteration_time;
        previous_elapsed = elapsed;
        // With the whole turn to use, neither a single root move nor a mate
        // ends the search before the clock does: a mate of the selective
        // search is not a proof (a pruned defence can refute it), and deeper
        // iterations of a decided line are cheap and fill the table.
        let decided = !limits.budget.whole_turn && (proven || moves.len() == 1);
        if (decided && (proven || may_stop_early)) || (may_stop_early && next_would_overrun) {
            break;
        }
        if limits.max_nodes > 0 && searcher.nodes >= limits.max_nodes {
            break;
        }
    }
    SearchResult {
        best: Some(best),
        score: best_score,
        nodes: searcher.nodes + root.solver_nodes,
        depth: completed_depth,
    }
}

/// Threat defence at the root. If the opponent, were it to move now, would
/// win by fours or by threes, only the root moves after which it no longer
/// does are kept (all of them if none is found): the search's horizon is
/// too short to see a long forced line, and a solver sees it at once.
/// A move is dropped only on a found win, never for want of nodes or time.
/// Returns the solver nodes spent.
pub(crate) fn keep_moves_that_stop_a_forced_win(
    board: &mut Board,
    side: Colour,
    moves: &mut Vec<ScoredMove>,
    limits: &Limits,
    stop: &AtomicBool,
) -> u64 {
    let them = side.opponent();
    if moves.len() < 2 || limits.budget.hard == Duration::MAX {
        return 0;
    }
    let deadline = Instant::now().checked_add(limits.hard_left() * DEFENCE_TIME_PERCENT / 100);
    let check_nodes = solver_node_limit(DEFENCE_CHECK_NODES, limits, false, VCT_NODES_PER_MS);
    let mut solver = ThreatSolver::new(check_nodes);
    solver.set_deadline(deadline);
    solver.set_stop(stop);
    let wins = |solver: &mut ThreatSolver, board: &mut Board, node_limit: u64| {
        solver.reset(node_limit);
        let found = solver.vcf(board, them, MAX_VCF_FOURS).is_some()
            || solver.vct(board, them, ROOT_VCT_THREES).is_some();
        (found, solver.nodes)
    };
    let (threatened, mut nodes) = wins(&mut solver, board, check_nodes);
    if !threatened {
        return nodes;
    }
    // Under `INFO max_node` the defence spends about that many nodes, not
    // thousands a root move (171k nodes against max_node 1000 took a
    // second on a loaded machine).
    let node_budget = if limits.max_nodes > 0 {
        limits.max_nodes.max(2_000)
    } else {
        u64::MAX
    };
    let mut safe = Vec::with_capacity(moves.len());
    for m in moves.iter() {
        // Each check would still spend a few hundred nodes before reading
        // the clock: with a hundred root moves on a busy machine that is
        // more than the whole move.
        let out_of_time = deadline.is_some_and(|deadline| Instant::now() >= deadline);
        if out_of_time || nodes >= node_budget || stop.load(Ordering::Relaxed) {
            safe.push(*m);
            continue;
        }
        board.place(m.sq, side.stone());
        let move_nodes = DEFENCE_MOVE_NODES.min(node_budget.saturating_sub(nodes));
        let (loses, used) = wins(&mut solver, board, move_nodes);
        board.undo();
        nodes += used;
        if !loses {
            safe.push(*m);
        }
    }
    log::debug!(
        "threat defence: {} of {} root moves stop the opponent's forced win",
        safe.len(),
        moves.len()
    );
    if !safe.is_empty() {
        *moves = safe;
    }
    nodes
}

/// Whether to begin another iteration, `elapsed` into the move, after one
/// that took `last` (and one before it that took `before`).
///
/// Without a match clock (the target is the hard limit) time not used is
/// lost, so the search goes on until the hard limit cuts it: a cut
/// iteration still counts through its proven root moves. With a match
/// clock the next iteration's time is predicted from the growth between
/// the last two, and it is started only if its first half (where the
/// principal move is searched) would end by the target.
fn start_another_iteration(
    budget: time::Budget,
    elapsed: Duration,
    last: Duration,
    before: Duration,
) -> bool {
    if budget.target >= budget.hard {
        return elapsed < budget.hard;
    }
    let growth = if before.is_zero() {
        ITERATION_GROWTH_DEFAULT
    } else {
        (last.as_secs_f64() / before.as_secs_f64()).clamp(1.0, ITERATION_GROWTH_MAX)
    };
    let predicted = last.as_secs_f64() * growth;
    elapsed.as_secs_f64() + predicted * 0.5 <= budget.target.as_secs_f64()
}

/// Node limit of a root threat solver: `full`, less when the move's time
/// is short or a node limit is set (`INFO max_node`), so that the solvers
/// never outweigh the search they serve.
fn solver_node_limit(full: u64, limits: &Limits, instant: bool, per_ms: u64) -> u64 {
    if instant {
        return 2_000;
    }
    let full = if limits.max_nodes > 0 {
        full.min(limits.max_nodes.max(2_000))
    } else {
        full
    };
    let left = limits.hard_left();
    if left == Duration::MAX {
        return full;
    }
    let millis = left.as_millis().min(u64::MAX as u128) as u64;
    full.min(millis.saturating_mul(per_ms)).max(2_000)
}

/// One iteration with a window around the previous value, widened until
/// the value falls inside.
pub(crate) fn aspiration_search(
    searcher: &mut Searcher<'_>,
    side: Colour,
    moves: &mut [ScoredMove],
    depth: i32,
    previous: i32,
) -> i32 {
    if depth < 4 || is_mate_score(previous) {
        return searcher.search_root(side, moves, depth, -INFINITY, INFINITY);
    }
    let mut delta = ASPIRATION;
    let (mut alpha, mut beta) = (previous - delta, previous + delta);
    loop {
        let value = searcher.search_root(side, moves, depth, alpha, beta);
        if searcher.aborted {
            return value;
        }
        if value <= alpha {
            alpha = (alpha - delta).max(-INFINITY);
        } else if value >= beta {
            beta = (beta + delta).min(INFINITY);
        } else {
            return value;
        }
        // Widened by three quarters of itself and 6 at each failure, from
        // the narrow start above (measured together with it, not apart).
        delta += delta * 3 / 4 + 6;
        if delta > 1000 {
            alpha = -INFINITY;
            beta = INFINITY;
        }
    }
}

/// A move found without searching, for when the search itself failed: a
/// five, else the block of the opponent's five, else the legal square
/// nearest the centre (never an excluded one).
pub fn emergency_move(board: &mut Board, side: Colour, limits: &Limits) -> Option<Square> {
    let fives = movegen::five_squares(board, side);
    if let Some(&five) = fives.iter().find(|&&sq| limits.allows(sq)) {
        return Some(five);
    }
    movegen::five_squares(board, side.opponent())
        .iter()
        .copied()
        .find(|&sq| limits.allows(sq) && movegen::is_legal(board, sq, side))
        .or_else(|| fallback_move(board, side, limits))
}

/// Any move at all for a side whose every candidate is lost or forbidden:
/// a legal square if one exists, else any empty square; never an excluded
/// one.
fn fallback_move(board: &mut Board, side: Colour, limits: &Limits) -> Option<Square> {
    let squares: Vec<Square> = centre_first(board)
        .into_iter()
        .filter(|&sq| limits.allows(sq))
        .collect();
    squares
        .iter()
        .copied()
        .find(|&sq| movegen::is_legal(board, sq, side))
        .or_else(|| squares.first().copied())
}

/// The root moves, best-ordered first: the generated moves, widened by
/// `caution_factor` when no threat narrows them (2: every square within two
/// of a stone, 3 and 4: within that distance, 5: the whole board), less the
/// excluded ones.
pub(crate) fn root_moves(board: &mut Board, side: Colour, limits: &Limits) -> Vec<ScoredMove> {
    let mut moves = Vec::new();
    movegen::generate(board, side, &mut moves);
    let threatened = movegen::has_winning_four(board, side.opponent());
    if limits.caution_factor > DEFAULT_CAUTION && !threatened {
        let radius = match limits.caution_factor {
            2 => 2,
            3 => 3,
            4 => 4,
            _ => usize::MAX,
        };
        let wider: Vec<Square> = board
            .empty_squares()
            .filter(|&sq| within(board, sq, radius) && !moves.iter().any(|m| m.sq == sq))
            .collect();
        for sq in wider {
            if movegen::is_legal(board, sq, side) {
                let score = movegen::order_score(board, sq, side);
                moves.push(ScoredMove { sq, score });
            }
        }
    }
    moves.retain(|m| limits.allows(m.sq));
    moves.sort_by_key(|m| (-m.score, m.sq.index()));
    moves
}

/// Is a stone (not a wall) within `radius` squares of `sq` (Chebyshev)?
fn within(board: &Board, sq: Square, radius: usize) -> bool {
    board.history().iter().any(|&stone| {
        board.get(stone) != crate::pattern::CellState::Wall && stone.king_distance(sq) <= radius
    })
}

/// Empty squares ordered from the centre outwards.
pub(crate) fn centre_first(board: &Board) -> Vec<Square> {
    let (cx, cy) = (board.width() as i64 - 1, board.height() as i64 - 1);
    let mut squares: Vec<Square> = board.empty_squares().collect();
    squares.sort_by_key(|sq| {
        let dx = 2 * sq.x() as i64 - cx;
        let dy = 2 * sq.y() as i64 - cy;
        (dx * dx + dy * dy, sq.index())
    });
    squares
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn without_a_match_clock_iterations_go_on_to_the_hard_limit() {
        let budget = time::Budget {
            target: ms(450),
            hard: ms(450),
            whole_turn: true,
        };
        // Even a fast-growing search starts another iteration at 400 ms:
        // the hard limit cuts it, and its proven moves still count.
        assert!(start_another_iteration(budget, ms(400), ms(200), ms(20)));
        assert!(!start_another_iteration(budget, ms(450), ms(10), ms(5)));
    }

    #[test]
    fn with_a_match_clock_the_next_iteration_is_predicted_from_the_growth() {
        let budget = time::Budget {
            target: ms(1000),
            hard: ms(5000),
            whole_turn: false,
        };
        // Growth 2: the next takes about 400 ms, half of it ends at 600.
        assert!(start_another_iteration(budget, ms(400), ms(200), ms(100)));
        // Growth 5: about 2000 ms, half of it ends at 1600 > 1000.
        assert!(!start_another_iteration(budget, ms(600), ms(400), ms(80)));
        // Growth is capped, and never below 1.
        assert!(start_another_iteration(budget, ms(100), ms(10), ms(100)));
        assert!(!start_another_iteration(budget, ms(900), ms(100), ms(1)));
    }

    /// A freestyle board with `black` and `white` stones.
    fn board_with(black: &[(usize, usize)], white: &[(usize, usize)]) -> Board {
        let mut board = Board::new(15, 15, Rule::Freestyle).unwrap();
        for &(x, y) in black {
            board.place(Square::new(x, y), crate::pattern::CellState::Black);
        }
        for &(x, y) in white {
            board.place(Square::new(x, y), crate::pattern::CellState::White);
        }
        board
    }

    /// A search of at most `max_depth` plies with ten seconds on the turn
    /// clock, the whole of it to use or not.
    fn search(board: &mut Board, side: Colour, max_depth: u32, whole_turn: bool) -> SearchResult {
        let limits = Limits {
            max_depth,
            ..Limits::timed(Budget {
                target: Duration::from_secs(10),
                hard: Duration::from_secs(10),
                whole_turn,
            })
        };
        let mut state = SearchState::new(1 << 20);
        think(
            board,
            side,
            &limits,
            &AtomicBool::new(false),
            &mut state,
            &mut |_| {},
        )
    }

    #[test]
    fn a_forced_block_is_searched_when_the_turn_is_free() {
        // White's four on row 3 has one five point, (7, 3).
        let white = [(3, 3), (4, 3), (5, 3), (6, 3), (12, 12)];
        let black = [(2, 3), (7, 7), (8, 8), (9, 6)];
        let mut board = board_with(&black, &white);
        let block = Square::new(7, 3);
        let quick = search(&mut board, Colour::Black, 6, false);
        assert_eq!((quick.best, quick.depth), (Some(block), 1));
        let searched = search(&mut board, Colour::Black, 6, true);
        assert_eq!((searched.best, searched.depth), (Some(block), 6));
        assert_eq!(board.history().len(), black.len() + white.len());
    }

    #[test]
    fn a_mate_found_by_the_search_ends_it_only_when_time_is_not_free() {
        // White has two open threes (row 5 and column 10) and black nothing:
        // black blocks one, the other becomes an open four.
        let white = [(4, 5), (5, 5), (6, 5), (10, 8), (10, 9), (10, 10)];
        let black = [(0, 0), (14, 0), (0, 14), (14, 14), (12, 3), (2, 12)];
        let mut board = board_with(&black, &white);
        let quick = search(&mut board, Colour::Black, 12, false);
        assert!(score::mate_distance(quick.score).is_some(), "{quick:?}");
        assert!(quick.depth < 12, "{quick:?}");
        let searched = search(&mut board, Colour::Black, 12, true);
        assert!(
            score::mate_distance(searched.score).is_some(),
            "{searched:?}"
        );
        assert_eq!(searched.depth, 12);
    }
}

/* Every tuned number of the compiled search in one place: its margins, reductions, limits and
 * move-order bonuses, each with what it is worth as we measured it (benchmarks/README.md;
 * "not measured" where no screen isolated it). Matches are Master against the same build
 * with the number changed, or against Rapfi at time odds; W-L-D, score, Elo [95%].
 *
 * The numbers the Python engine shares (MAX_PLY, MIN_WIDTH, LMR_AFTER, SIDE_KEY,
 * COMPILED_THREAT_NODES) are exported by the binding; game/engine/move_search/params.py
 * mirrors them for the pure-Python engine and tests/engine/test_search_params.py holds the
 * two equal. All of these are ours, set on our positions.
 */
#ifndef GOMOKU_PARAMS_H
#define GOMOKU_PARAMS_H

/* ---- Shared with the Python engine (alphabeta.py, state.py, threats.py) ---- */

/* Deepest ply a line may reach (killers and the principal variation are sized by it). A
 * limit, not a tuning: not measured. */
#define MAX_PLY 60
/* Fewest candidates the classic search keeps at any node, however deep (the beam narrows
 * with the ply down to this). Not measured on its own. */
#define MIN_WIDTH 6
/* Classic search: moves after this many at a node are searched one ply shallower first.
 * From the 3rd move, not the 4th (LMR_AFTER 2): 200-189-11, 51.4%, +10 [-24, +44] at
 * 100 ms, inside the noise, so 3 stayed. */
#define LMR_AFTER 3
/* Xored into the hash when white is to move, so the side to move is part of a table key.
 * A key, not a tuning. */
#define SIDE_KEY 0x9E3779B97F4A7C15ULL
/* Most nodes of one VCF at a leaf (a safety limit; threats.py). Not measured. */
#define COMPILED_THREAT_NODES 2000000L

/* ---- The classic search (search.c) ---- */

/* Clock checks between two looks at the caller's stop flag. A polling rate: not measured. */
#define STOP_POLL_CHECKS 64
/* FEATURE_VCF_CAP: a VCF inside the tree gives up after this many nodes (short turns only).
 * The cap at 50: 212-177-11, 54.4%, +30 [-4, +65] at 100 ms; 25 nodes: 46.2%, -26 [-60, +8];
 * 100 nodes: 49.8%, -2 [-36, +32]. No gain seen at 1000 ms. */
#define CAPPED_VCF_NODES 50
/* FEATURE_FUTILITY: at the frontier, a quiet move whose static score stays this far below
 * alpha is not searched. The margin itself: not measured. */
#define FUTILITY_MARGIN 1500
/* FEATURE_DEEP_LMR: moves from this number on are reduced by two plies, not one. At 100 ms:
 * 187-191-22, 49.5%, -3 [-37, +31]. */
#define DEEP_LMR_AFTER 6

/* ---- The depth-shaped search (search_pvs.c) ---- */

/* Depth is fractional: this many units to a ply, so a late move can be reduced by part of
 * one. A unit, not a tuning. */
#define DEPTH_UNIT 8
/* Reverse futility: within RFP_PLIES of the horizon, a static score above beta by RFP_MARGIN
 * a ply holds the node (unless he has a win in reach). Standing aside only for a win in reach,
 * not for any four of his: 54.2% against 37.0% against Rapfi at time odds (200 games each;
 * pooled over 400, 52.0% against 38.3%); Master completes about a ply more at 1 s. A margin
 * of 170, not 250: 89-109-2, 45.0% against Rapfi, below the base (49.0%). RFP_PLIES: not
 * measured on its own. */
#define RFP_PLIES 6
#define RFP_MARGIN 250
/* Razoring: within RAZOR_PLIES of the horizon, a static score below alpha by RAZOR_BASE +
 * RAZOR_PER_PLY a ply goes straight to the horizon search. Not measured on its own (set in
 * with the depth-shaped search, issue 31). */
#define RAZOR_PLIES 3
#define RAZOR_BASE 400
#define RAZOR_PER_PLY 300
/* Null move: from NULL_PLIES deep, a pass that still holds beta NULL_REDUCTION plus a
 * quarter of the depth shallower ends the node. In the classic search (reduction 3 plies):
 * 94-97-9, 49.2%, -5 [-53, +43] at 400 ms; against a plain four of his too: 97-103-0, 48.5%,
 * -10 [-58, +38]. Its worth in this search on its own: not measured. */
#define NULL_PLIES 3
#define NULL_REDUCTION (3 * DEPTH_UNIT)
/* What answering his open three costs in depth. Free, as it once was, the answers made every
 * three an extension: the tree spent its time in lines of threes, the median depth at 1 s on the
 * middlegames was 10 (16 with the ply), and against Rapfi at time odds it scored 36.5% where a
 * full ply scored 45.0%, side by side. Half a ply: of the 186 positions before Master's losing
 * moves (benchmarks/lost_moves.py), 37 held at 900 ms where a full ply held 28 (44 at 3600 ms), but
 * against Rapfi (1000 ms against 400, 100 games side by side) +4.0 +- 5.3 points: not clear, so a
 * full ply stays (benchmarks/LOG.md). */
#define THREE_ANSWER_COST DEPTH_UNIT
/* Internal iterative reduction: a node this deep without a table move is searched a ply
 * less. In the classic search it lost 12-22-6; in this one: not measured on its own. */
#define IIR_PLIES 4
/* Move-count pruning: a quiet move after the first LMP_BASE + plies^(LMP_POWER/100) is not
 * searched. Power 1.5 at every depth against power 2 within 8 plies: 1.23M nodes to depth 7
 * on the 10 middlegames against 2.75M, at the same tactics (39-41/47 against 42/47 defences
 * of a VCT). Also pruning moves that only stop a three of his: 91-108-1, 45.8% against
 * Rapfi, below the base. */
#define LMP_BASE 3
#define LMP_POWER 150
/* Late-move reductions: LMR_BASE + 100 ln(depth) ln(number) / LMR_DIVISOR hundredths of a
 * ply; LMR_TACTICAL less for a move that makes or stops a three or a four, LMR_KILLER less
 * for a killer or the counter move. Divisor 150 against 220 (with the other two changes
 * above): part of the 2.75M -> 1.23M nodes to depth 7. LMR_TACTICAL, LMR_KILLER: not
 * measured on their own. */
#define LMR_BASE 30
#define LMR_DIVISOR 150
/* With FEATURE_PVS_NARROW: about twice the reduction. On the 14 middlegames no shortcut
 * answers, nodes to depth 9 fell from 49.6M to 9.4M and the median depth at 1 s rose from 9
 * to 11 at the same tactics; against Rapfi no better, so it is not the default. */
#define LMR_DIVISOR_NARROW 70
#define LMR_TACTICAL DEPTH_UNIT
#define LMR_KILLER (DEPTH_UNIT / 2)
/* Size of the reduction and move-count tables (plies and move numbers). A limit: not measured. */
#define LMR_TABLE 64

/* ---- The horizon search (qsearch.c) ---- */

/* Answers to open threes a line may search before it stands pat. One, not two: 48.0% and
 * 43.8% against Rapfi on the two halves of the openings (base 45.5% and 49.0%); none: 42.0%. */
#define QS_THREE_ANSWERS 2
/* The side to move plays at most its best QS_FOURS fours: all of them took the horizon 84%
 * of the nodes to depth 7 on the middlegames, three of them 70% (1.23M nodes in all). */
#define QS_FOURS 3

/* ---- Move picking (movepick.c) ---- */

/* Bonuses over any cell's own score: the table move, then a killer, then the counter move,
 * and the cap on history. An order, not a tuning: not measured. */
#define TT_BONUS ((int64_t)1 << 40)
#define KILLER_BONUS ((int64_t)1 << 32)
#define COUNTER_BONUS ((int64_t)1 << 31)
#define HISTORY_CAP ((int64_t)1 << 30)
/* History weighs 1/2^HISTORY_SHIFT in the order. 1/32 against counted whole, Master at
 * 1000 ms against Rapfi at 200 ms, 200 games side by side: 47.5% against 40.2% (+7.2 +- 3.9
 * points by opening). */
#define HISTORY_SHIFT 5
/* FEATURE_NET_ORDER (off by default): the network's policy orders the moves of nodes this many
 * plies deep or more (shallower ones keep the pattern order, which costs nothing to compute); a
 * cell where the side makes a four goes before the policy's cells by NET_FOUR_BONUS (below the
 * table move, killers and counter move). Master at 250 ms against Rapfi at 120 ms, 300 games
 * side by side with the switch off: 52.5% against 49.3%, +3.2 +- 3.5 points by opening (one
 * standard error); at 4 plies, not 2: -4.5 +- 5.0 over 100 games (benchmarks/LOG.md). Costs
 * about a fifth of the nodes per second. With the v2 weights (normalised value head): -4.5 +- 5.7
 * over 100 games. */
#define NET_ORDER_PLIES 2
#define NET_FOUR_BONUS ((int64_t)1 << 30)
/* The policy logit (8192 a unit) shifted right by this in place of the cell's pattern values
 * (128 a unit: a logit's spread of about -10..8 then spans about what the pattern values of the
 * near cells do), history added as in picker_all. The policy alone (no history, no shift) came
 * to +3.8 +- 3.5 points over 300 games, this form to +4.5 +- 3.0 over 400 (benchmarks/LOG.md). */
#define NET_POLICY_SHIFT 6

/* ---- The network's value as the evaluation (eval/net_eval.c, FEATURE_NET_EVAL) ---- */

/* Evaluation units per logit of the side to move's win rate (P(win) + P(draw) / 2), so that the
 * margins above keep the meaning they have with the hand-set evaluation. Fitted on 7,249 quiet
 * positions (neither side has a VCF in 12 plies) of 600 games of
 * build_scripts/netdata/data/freestyle-seed1.bin.gz, the hand evaluation (Master's, with tempo)
 * against the network's log-odds (correlation 0.86): its spread is 1,549 units a logit (95%
 * bootstrap 1,525..1,576), between the two least-squares slopes (1,335 hand on network, 1,798
 * network on hand); a logistic fit of it to the network's win rate says 1,935. The combo
 * table's 1800 (combo_eval.py EVAL_SCALE) was the start; the hand evaluation fitted to the
 * teacher's win rates ran at 1,280-1,440 (benchmarks/LOG.md). Those fits were of the v1 weights;
 * on v2's, 1,016-1,519 (spread ratio 1,192). In matches (Master 250 ms against Rapfi 120 ms,
 * benchmarks/LOG.md), 1100 in place of 1550 scored 48.4% against 46.0% over 62 and 100 games: no
 * clear difference, so 1550 stays. */
#define NET_EVAL_SCALE 1550
/* The network's score stays within this, far under WIN_THRESHOLD (search.h): a sure-looking
 * position is never a mate score. A limit: not measured. */
#define NET_EVAL_CLAMP 20000

#endif

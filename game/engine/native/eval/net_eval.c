/* The network's value as an evaluation: see net_eval.h. */
#include "net_eval.h"

#include <math.h>

#include "params.h"

int
net_eval_from_logits(const double logits[3])
{
    double top = logits[0] > logits[1] ? logits[0] : logits[1];
    if (logits[2] > top)
        top = logits[2];
    /* Shifted by the largest logit: each sum is at least 1 where its own logit is the top and
     * may underflow to 0 only on the other side, which the clamp then takes (never 0/0). */
    double draw = exp(logits[1] - top);
    double win = 2.0 * exp(logits[0] - top) + draw, loss = 2.0 * exp(logits[2] - top) + draw;
    double score = NET_EVAL_SCALE * log(win / loss);
    if (!(score < NET_EVAL_CLAMP))
        return NET_EVAL_CLAMP;
    if (!(score > -NET_EVAL_CLAMP))
        return -NET_EVAL_CLAMP;
    return (int)score;
}

int
net_eval(NetState *net, const Board *board, int side)
{
    double logits[3];
    net_refresh_view(net, board, side == BLACK ? 0 : 1);
    net_value(net, side, logits);
    return net_eval_from_logits(logits);
}

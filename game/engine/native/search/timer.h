/* Time and stop polling for the compiled searches.
 *
 * The searches count nodes; now and then they read a monotonic clock and ask the caller's
 * poll function (the binding's: the Python clock's check, which reads the stop flag) whether
 * to go on. Reading the time costs a few tens of nanoseconds, a poll a microsecond or two,
 * so both are spaced out by node counts.
 */
#ifndef GOMOKU_TIMER_H
#define GOMOKU_TIMER_H

/* Asked every so many nodes: nonzero stops the search (the caller keeps the reason). */
typedef int (*PollFunction)(void *context);

typedef struct {
    PollFunction poll; /* NULL: never asked */
    void *context;
} Poll;

/* Seconds on a monotonic clock (only differences mean anything). */
double timer_now(void);

static inline int
poll_says_stop(const Poll *poll)
{
    return poll->poll != 0 && poll->poll(poll->context) != 0;
}

#endif

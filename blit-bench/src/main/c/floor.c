/*
 * The C floor of `blit bench` (issue 4): workloads 1 (seed object) and 4 (MarketData) as plain C structs,
 * serialized field by field with memcpy into a byte buffer and read back into a struct, timed in-process.
 *
 * The seed wire format is the one of the Java hand-written codecs (Unsafe, ByteBuffer, VarHandle): little-endian
 * (native here), packed, each array preceded by its int length: 8 + 1 + 4 + 4 + (4 + 80) + (4 + 80) = 185 bytes.
 * MarketData is 18 fixed fields, 144 bytes, no padding: one memcpy of the whole struct.
 *
 * Nothing is allocated: the reader fills a struct on the stack (Java readers create a new object with new
 * arrays). An empty asm statement with a "memory" clobber after every operation, plus a volatile sink, keep
 * the compiler from hoisting, merging or dropping the work: every iteration really stores and loads the bytes.
 *
 * Output: one JSON object per line on stdout,
 *   {"workload":"seed","op":"write","ns":1.23,"bytes":185,"iterations":...}
 * ns is the median over batches of the average ns/op of a batch.
 *
 * usage: floor [--check | ITERATIONS_PER_BATCH]
 *   --check: one round trip per workload, verified field by field; prints sizes only (exit 1 on a mismatch).
 *
 * Build: cc -O2 -o floor floor.c   (the bench tooling does this into blit-bench/target/floor/)
 */
#define _POSIX_C_SOURCE 199309L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define BARRIER() __asm__ __volatile__("" ::: "memory")
#define ESCAPE(p) __asm__ __volatile__("" : : "g"(p) : "memory")

/* ------------------------------------------------------------------ workload 1: the seed object */

typedef struct {
    int64_t source_id;
    uint8_t special;
    int32_t order_code;
    int32_t priority;
    int32_t prices_length;
    double prices[10];
    int32_t quantities_length;
    int64_t quantities[10];
} seed_t;

static inline size_t seed_write(const seed_t *s, uint8_t *buf) {
    uint8_t *p = buf;
    memcpy(p, &s->source_id, 8); p += 8;
    memcpy(p, &s->special, 1); p += 1;
    memcpy(p, &s->order_code, 4); p += 4;
    memcpy(p, &s->priority, 4); p += 4;
    memcpy(p, &s->prices_length, 4); p += 4;
    memcpy(p, s->prices, 80); p += 80;
    memcpy(p, &s->quantities_length, 4); p += 4;
    memcpy(p, s->quantities, 80); p += 80;
    return (size_t) (p - buf);
}

static inline void seed_read(const uint8_t *buf, seed_t *s) {
    const uint8_t *p = buf;
    memcpy(&s->source_id, p, 8); p += 8;
    memcpy(&s->special, p, 1); p += 1;
    memcpy(&s->order_code, p, 4); p += 4;
    memcpy(&s->priority, p, 4); p += 4;
    memcpy(&s->prices_length, p, 4); p += 4;
    memcpy(s->prices, p, 80); p += 80;
    memcpy(&s->quantities_length, p, 4); p += 4;
    memcpy(s->quantities, p, 80);
}

static void seed_sample(seed_t *s) {
    memset(s, 0, sizeof *s);
    s->source_id = 1010;
    s->special = 1;
    s->order_code = 777;
    s->priority = 99;
    s->prices_length = 10;
    s->quantities_length = 10;
    for (int i = 0; i < 10; i++) {
        s->prices[i] = (i + 1) / 10.0;
        s->quantities[i] = i + 1;
    }
}

static int seed_equal(const seed_t *a, const seed_t *b) {
    return a->source_id == b->source_id && a->special == b->special && a->order_code == b->order_code
            && a->priority == b->priority && a->prices_length == b->prices_length
            && a->quantities_length == b->quantities_length
            && memcmp(a->prices, b->prices, sizeof a->prices) == 0
            && memcmp(a->quantities, b->quantities, sizeof a->quantities) == 0;
}

/* ------------------------------------------------------------------ workload 4: MarketData */

typedef struct {
    int64_t security_id;
    int64_t time;
    double bid_qty[4];
    double ask_qty[4];
    double bid_price[4];
    double ask_price[4];
} market_data_t;

static inline size_t md_write(const market_data_t *m, uint8_t *buf) {
    memcpy(buf, m, sizeof *m);
    return sizeof *m;
}

static inline void md_read(const uint8_t *buf, market_data_t *m) {
    memcpy(m, buf, sizeof *m);
}

static void md_sample(market_data_t *m) {
    static const double bq[4] = {1000000, 2500000, 500000, 10000000};
    static const double aq[4] = {1500000, 3000000, 750000, 8000000};
    static const double bp[4] = {1.08215, 1.08214, 1.08212, 1.08209};
    static const double ap[4] = {1.08218, 1.08219, 1.08221, 1.08225};
    m->security_id = 0x123456789ABCLL;
    m->time = 1700000000123456789LL;
    memcpy(m->bid_qty, bq, sizeof bq);
    memcpy(m->ask_qty, aq, sizeof aq);
    memcpy(m->bid_price, bp, sizeof bp);
    memcpy(m->ask_price, ap, sizeof ap);
}

/* ------------------------------------------------------------------ timing */

static uint8_t out_buf[1024] __attribute__((aligned(64)));
static uint8_t in_buf[1024] __attribute__((aligned(64)));
static volatile uint64_t sink;

static double now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double) ts.tv_sec * 1e9 + (double) ts.tv_nsec;
}

#define BATCHES 15

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *) a, y = *(const double *) b;
    return x < y ? -1 : x > y;
}

static double median(double *v, int n) {
    qsort(v, (size_t) n, sizeof *v, cmp_double);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* Each TIME(...) runs BODY iterations times per batch, for BATCHES batches plus two warmup batches. */
#define TIME(result, iterations, BODY)                                        \
    do {                                                                      \
        double per_batch[BATCHES];                                            \
        for (int b = -2; b < BATCHES; b++) {                                  \
            double t0 = now_ns();                                             \
            for (long i = 0; i < (iterations); i++) {                         \
                BODY;                                                         \
                BARRIER();                                                    \
            }                                                                 \
            double t1 = now_ns();                                             \
            if (b >= 0) per_batch[b] = (t1 - t0) / (double) (iterations);     \
        }                                                                     \
        (result) = median(per_batch, BATCHES);                                \
    } while (0)

static void report(const char *workload, const char *op, double ns, size_t bytes, long iterations) {
    printf("{\"workload\":\"%s\",\"op\":\"%s\",\"ns\":%.3f,\"bytes\":%zu,\"iterations\":%ld}\n",
           workload, op, ns, bytes, iterations * BATCHES);
}

int main(int argc, char **argv) {
    int check = argc > 1 && strcmp(argv[1], "--check") == 0;
    long n = (!check && argc > 1) ? atol(argv[1]) : 2000000;
    if (n <= 0) {
        fprintf(stderr, "usage: floor [--check | ITERATIONS_PER_BATCH]\n");
        return 2;
    }

    seed_t seed;
    seed_sample(&seed);
    market_data_t md;
    md_sample(&md);

    size_t seed_bytes = seed_write(&seed, in_buf);
    seed_t seed_back;
    seed_read(in_buf, &seed_back);
    size_t md_bytes = md_write(&md, in_buf + 512);
    market_data_t md_back;
    md_read(in_buf + 512, &md_back);
    if (seed_bytes != 185 || !seed_equal(&seed, &seed_back) || md_bytes != 144 || memcmp(&md, &md_back, sizeof md) != 0) {
        fprintf(stderr, "floor: a round trip did not give back what was written\n");
        return 1;
    }
    if (check) {
        printf("{\"workload\":\"seed\",\"op\":\"check\",\"bytes\":%zu}\n", seed_bytes);
        printf("{\"workload\":\"marketdata\",\"op\":\"check\",\"bytes\":%zu}\n", md_bytes);
        return 0;
    }

    double ns;
    uint64_t acc = 0;

    TIME(ns, n, { acc += seed_write(&seed, out_buf); ESCAPE(out_buf); });
    report("seed", "write", ns, seed_bytes, n);
    TIME(ns, n, { seed_t s; seed_read(in_buf, &s); ESCAPE(&s); acc += (uint64_t) s.source_id; });
    report("seed", "read", ns, seed_bytes, n);
    TIME(ns, n, { seed_t s; seed_write(&seed, out_buf); ESCAPE(out_buf); seed_read(out_buf, &s); ESCAPE(&s);
                  acc += (uint64_t) s.source_id; });
    report("seed", "roundTrip", ns, seed_bytes, n);

    memcpy(in_buf, in_buf + 512, md_bytes);
    TIME(ns, n, { acc += md_write(&md, out_buf); ESCAPE(out_buf); });
    report("marketdata", "write", ns, md_bytes, n);
    TIME(ns, n, { market_data_t m; md_read(in_buf, &m); ESCAPE(&m); acc += (uint64_t) m.time; });
    report("marketdata", "read", ns, md_bytes, n);
    TIME(ns, n, { market_data_t m; md_write(&md, out_buf); ESCAPE(out_buf); md_read(out_buf, &m); ESCAPE(&m);
                  acc += (uint64_t) m.time; });
    report("marketdata", "roundTrip", ns, md_bytes, n);

    sink = acc;
    return 0;
}

package dev.blit.log;

import java.util.zip.CRC32C;

/**
 * Finds the records after a damaged one inside the part of the last segment that the {@link Checkpoint} says
 * was synced, where the chain of lengths is broken (bit rot in a length): without this, opening would take the
 * damage for a torn tail and cut it off together with every synced record after it.
 *
 * <p>Records are 8-byte aligned, so the records after the damage start at one of the aligned offsets between it
 * and the checkpoint's end. The right one is the first from which the chain of lengths lands exactly on that
 * end, through a last frame whose stored checksum is the checkpoint's; each offset's chain is followed once
 * (what it leads to is remembered), so the search is linear in the damaged stretch. A candidate is confirmed by
 * its own checksum, which covers its index: the index that matches also says how many records the damaged
 * stretch held. If nothing is confirmed (the damage is in the last synced record, or the checkpoint is not this
 * file's), the damage is treated as a torn tail, as without a checkpoint.
 */
final class Resync {
    private static final byte UNKNOWN = 0;
    private static final byte REACHES = 1;
    private static final byte FAILS = 2;
    /** Smallest frame: a header and one 8-byte slot of payload. */
    private static final int MIN_FRAME = 16;

    private final Segment s;
    private final int start;
    private final int to;
    private final int lastCrc;
    private final byte[] memo;
    private int[] path = new int[16];

    private Resync(Segment s, int to, int lastCrc) {
        this.s = s;
        this.start = s.end;
        this.to = to;
        this.lastCrc = lastCrc;
        this.memo = new byte[(to - start) / 8 + 1];
    }

    /**
     * Steps over the damaged record at {@code s.end}, which a {@link Segment#scan} could not step over, up to
     * the first intact record after it: the damaged one stays in the index (reading it reports the damage),
     * any other record the damaged stretch held is indexed as one that cannot be located, and the segment's
     * end moves to the intact record, for the scan to go on from there.
     *
     * @param to      where the synced records end (the checkpoint's end); beyond {@code s.end}
     * @param lastCrc the stored checksum of the record that ends there (the checkpoint's)
     * @return whether the records after the damage were found; if not, nothing changed
     */
    static boolean across(Segment s, int to, int lastCrc, CRC32C crc, byte[] scratch) {
        if (to <= s.end || (to - s.end) % 8 != 0 || to > s.limit) {
            return false;
        }
        return new Resync(s, to, lastCrc).run(crc, scratch);
    }

    private boolean run(CRC32C crc, byte[] scratch) {
        long damaged = s.first + s.count;
        for (int q = start + 8; q <= to; q += 8) {
            if (q < to && !reaches(q)) {
                continue;
            }
            int k = recordsBefore(q, damaged, crc, scratch);
            if (k > 0) {
                s.add(start);
                if (k > 1) {
                    s.addUnlocatable(k - 1); // broken at start, still the segment's end here
                }
                s.end = q;
                return true;
            }
        }
        return false;
    }

    /**
     * How many records the stretch from the damaged one up to {@code q} holds, confirmed by the checksum of the
     * record at {@code q} (its index is the damaged one's plus that many); 0 if no count gives an intact record.
     * At the checkpoint's end that is a record appended after the last sync, if there is one: a damaged last
     * synced record with nothing intact after it confirms nothing (nor does a checkpoint of another file), and
     * is cut off as before; what it held could not have been read anyway.
     */
    private int recordsBefore(int q, long damaged, CRC32C crc, byte[] scratch) {
        int most = Math.max(1, (q - start) / MIN_FRAME);
        if ((long) q + 8 <= s.limit) {
            long h = (long) Segment.LONG.getAcquire(s.map, q);
            if (h != 0 && h != Segment.END_MARKER && s.plausible(q, Segment.length(h))) {
                for (int k = 1; k <= most; k++) {
                    if (s.intact(q, h, damaged + k, crc, scratch)) {
                        return k;
                    }
                }
            }
        }
        return 0;
    }

    /**
     * Whether the chain of lengths from {@code q} lands exactly on {@link #to}, its last frame carrying the
     * checkpoint's checksum. Every offset the chain passes through gets the same answer (their chains are the
     * same from there on), so no offset is followed twice.
     */
    private boolean reaches(int q) {
        int n = 0;
        int p = q;
        boolean ok;
        while (true) {
            byte known = memo[(p - start) / 8];
            if (known != UNKNOWN) {
                ok = known == REACHES;
                break;
            }
            long h = (long) Segment.LONG.getAcquire(s.map, p);
            int length = Segment.length(h);
            if (h == 0 || h == Segment.END_MARKER || !s.plausible(p, length)) {
                ok = false;
                break;
            }
            if (n == path.length) {
                path = java.util.Arrays.copyOf(path, n * 2);
            }
            path[n++] = p;
            long next = (long) p + Segment.frameSize(length);
            if (next == to) {
                ok = (int) h == lastCrc;
                break;
            }
            if (next > to) {
                ok = false;
                break;
            }
            p = (int) next;
        }
        byte mark = ok ? REACHES : FAILS;
        for (int i = 0; i < n; i++) {
            memo[(path[i] - start) / 8] = mark;
        }
        return ok;
    }
}

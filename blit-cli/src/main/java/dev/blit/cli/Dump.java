package dev.blit.cli;

import dev.blit.BlitException;
import dev.blit.log.BlitLog;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.CRC32C;

/**
 * {@code blit dump}: prints Blit bytes, an object file or stream, or a BlitLog (a directory or one
 * {@code .seg} file) for a human. See {@link #USAGE}. Never throws: damage is reported in the output with its
 * offset, and the exit code is 1.
 */
public final class Dump {
    static final String USAGE = """
            usage: blit dump [options] FILE|DIR|-
              Prints Blit bytes as a tree of values with their byte offsets, type ids and names.
              FILE: concatenated tagged values (an object file, a stream, one toBytes message);
              DIR or a .seg file (or bytes starting with "BLITLOG\\0"): a BlitLog, record by record (a DIR's
              checkpoint after its segments); -: stdin (a named pipe or device is read as stdin is).
            options (one of --hex and --json, one of --compatible and --schema):
              --hex                 annotated hex: bytes, then "# offset item"
              --json                JSON: one tree per value (or per segment header and record)
              --from N --limit K    for a log: only records N .. N+K-1
              -h, --help            this text (exit code 0)
              --classpath PATH, -cp where your classes are (jars or directories): those --register names, and
                                    those the bytes write by name (allowClassNames), loaded, never initialized
              --register C=ID,...   user classes and their ids (e.g. com.x.Order=100,com.x.Line=101): their names,
                                    field names and schema-consistent content are then shown
              --blit C#MEMBER       a static field or no-argument static method of class C (on --classpath) that
                                    gives your configured Blit: names every class it registered, and reads
                                    Marshallable, java.io-hook and custom-serializer content with its own code
              --compatible          the bytes are from a compatible-mode Blit: every first user object has a field table
              --schema              the bytes are from a schema-consistent Blit (no field tables)
                                    (default: a log's segment header says which; elsewhere a field table
                                    is recognised where one parses)
              --no-flat             the writer used Blit.builder().flat(false) (a log's header says so itself)
            Without --register, a schema-consistent user object stops the value there (its content needs its
            class); compatible-mode objects show their field names from their tables either way. A class written
            by name shows its name; its content is read as a registered class's when --classpath or --blit has it.
            Exit code: 0 if everything decoded (or stopped only for a missing class), 1 on damaged input, 2 on bad usage.
            """;

    private static final byte[] LOG_MAGIC = {'B', 'L', 'I', 'T', 'L', 'O', 'G', 0};
    /** A log directory's checkpoint file. */
    private static final String CHECKPOINT = BlitLog.CHECKPOINT_FILE;
    private static final long PROGRESS_STEP = 64L << 20;

    private Printer.Format format = Printer.Format.TEXT;
    private long from;
    private long limit = -1;
    private String classpath;
    private final List<String> registrations = new ArrayList<>();
    private String blitMember;
    private Decoder.Mode mode = Decoder.Mode.AUTO;
    private boolean flat = true;
    private String file;
    /** Whether {@code --help} was given: the usage is then the answer, not a complaint. */
    private boolean helped;

    private final PrintStream out;
    private final PrintStream err;
    /** Bytes between two progress lines; 0 for none. */
    private final long progressStep;
    private long nextProgress;
    private long total;
    private long done;
    /** A log's records have passed {@code from + limit - 1}: the segments after are not read. */
    private boolean pastRange;
    /** The document being written, and the bytes (with their name) being read: see {@link #stopped}. */
    private Printer printer;
    private Input reading;
    private String readingName;

    private Dump(PrintStream out, PrintStream err, long progressStep) {
        this.out = out;
        this.err = err;
        this.progressStep = progressStep;
        this.nextProgress = progressStep;
    }

    /**
     * Runs the dump on the real stdin/stdout and exits with its code.
     *
     * @param args the command line after "dump"
     */
    public static void main(String[] args) {
        PrintStream out = new PrintStream(new java.io.BufferedOutputStream(
                new java.io.FileOutputStream(java.io.FileDescriptor.out), 1 << 16), false, StandardCharsets.UTF_8);
        int code = run(args, System.in, out, System.err, System.console() == null);
        out.flush();
        System.exit(code);
    }

    /**
     * @param args     the command line after "dump"
     * @param stdin    what "-" reads
     * @param out      where the dump goes
     * @param err      usage errors and progress
     * @param progress whether to print a progress line to {@code err} every 64 MiB
     * @return the exit code: 0, 1 for damaged input, 2 for bad usage
     */
    public static int run(String[] args, InputStream stdin, PrintStream out, PrintStream err, boolean progress) {
        return run(args, stdin, out, err, progress ? PROGRESS_STEP : 0);
    }

    /**
     * {@link #run(String[], InputStream, PrintStream, PrintStream, boolean)} with a progress line every
     * {@code progressStep} bytes (0: none); tests use small steps.
     */
    static int run(String[] args, InputStream stdin, PrintStream out, PrintStream err, long progressStep) {
        int[] code = {1};
        Thread t = new Thread(null, () -> code[0] = runHere(args, stdin, out, err, progressStep), "blit dump", STACK);
        t.start();
        boolean interrupted = false;
        while (true) {
            try {
                t.join();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        return code[0];
    }

    /**
     * The stack of the thread the dump runs on: values nest {@link Decoder#MAX_DEPTH} deep, as {@code Blit.read}
     * allows, and the decoder and printer recurse on them (a main thread's stack would overflow first). Only what
     * is used is committed.
     */
    private static final long STACK = 512L << 20;

    private static int runHere(String[] args, InputStream stdin, PrintStream out, PrintStream err, long progressStep) {
        Dump d = new Dump(out, err, progressStep);
        try {
            if (!d.parse(args)) {
                return d.helped ? 0 : 2;
            }
            UserTypes types = UserTypes.load(d.classpath, d.registrations, d.blitMember);
            return d.dump(stdin, types);
        } catch (BlitException e) {
            err.println("blit dump: " + e.getMessage());
            return d.stopped(e) ? 1 : 2;
        } catch (IOException | RuntimeException | InternalError | OutOfMemoryError e) {
            d.stopped(e);
            err.println("blit dump: " + d.file + ": " + e);
            return 1;
        } finally {
            out.flush();
        }
    }

    /**
     * Ends the document a failure cut short, if one was begun, with where and why it stopped: damage that no
     * check foresaw (or a bug of the dump's) is still reported as damage, and {@code --json} output stays JSON.
     * An {@link InternalError} is how a mapped file that was cut short while it was read shows itself; an
     * {@link OutOfMemoryError}, what the dump keeps of one value ({@link Decoder#KEPT}) outgrowing the heap.
     *
     * @return whether a document was open (the failure is about the input, not the command line)
     */
    private boolean stopped(Throwable e) {
        if (printer == null || !printer.open()) {
            return false;
        }
        long at = reading == null ? 0 : reading.pos;
        String why = e instanceof InternalError ? "the file changed while it was read (cut short?)"
                : e instanceof OutOfMemoryError ? "out of memory (give the JVM more heap, -Xmx)"
                : e instanceof BlitException ? e.getMessage() : "the dump failed: " + e;
        printer.problem(at, readingName + ": stopped at offset " + at + ": " + why);
        printer.end("stopped at offset " + at + " of " + readingName);
        return true;
    }

    private Printer printer() {
        printer = new Printer(out, format);
        return printer;
    }

    /**
     * Dumps bytes held in memory as a stream (or a segment, if they start with the log magic).
     *
     * @param bytes any bytes
     * @param args  options, without the file
     * @param out   where the dump goes
     * @return the exit code
     */
    static int dumpBytes(byte[] bytes, String[] args, PrintStream out) {
        Dump d = new Dump(out, out, 0);
        List<String> all = new ArrayList<>(List.of(args));
        all.add("-");
        try {
            if (!d.parse(all.toArray(new String[0]))) {
                return 2;
            }
            return d.dumpBuffer("-", ByteBuffer.wrap(bytes), UserTypes.load(d.classpath, d.registrations, d.blitMember));
        } catch (BlitException e) {
            out.println("blit dump: " + e.getMessage());
            return 2;
        }
    }

    private boolean parse(String[] args) {
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            switch (a) {
                case "-h", "--help" -> {
                    out.print(USAGE);
                    helped = true; // asked for: exit code 0
                    return false;
                }
                case "--hex" -> format = one(format, Printer.Format.HEX, a);
                case "--json" -> format = one(format, Printer.Format.JSON, a);
                case "--compatible" -> mode = one(mode, Decoder.Mode.COMPATIBLE, a);
                case "--schema" -> mode = one(mode, Decoder.Mode.SCHEMA, a);
                case "--no-flat" -> flat = false;
                case "--from", "--limit", "--classpath", "-cp", "--register", "--blit" -> {
                    if (i + 1 >= args.length) {
                        throw new BlitException(a + " needs a value");
                    }
                    String v = args[++i];
                    switch (a) {
                        case "--from" -> from = number(a, v);
                        case "--limit" -> limit = number(a, v);
                        case "--register" -> registrations.add(v);
                        case "--blit" -> blitMember = v;
                        default -> classpath = v;
                    }
                }
                default -> {
                    if (a.startsWith("--") || (a.startsWith("-") && a.length() > 1)) {
                        throw new BlitException("unknown option " + a + " (see blit dump --help)");
                    }
                    if (file != null) {
                        throw new BlitException("one input at a time: " + file + " and " + a);
                    }
                    file = a;
                }
            }
        }
        if (file == null) {
            err.print(USAGE);
            return false;
        }
        return true;
    }

    private static long number(String option, String v) {
        try {
            long n = Long.parseLong(v);
            if (n < 0) {
                throw new NumberFormatException();
            }
            return n;
        } catch (NumberFormatException e) {
            throw new BlitException(option + " wants a number >= 0, got " + v);
        }
    }

    /** {@code chosen}, unless another of its kind was chosen before ({@code --hex --json}): one of each at most. */
    private static <T> T one(T before, T chosen, String option) {
        if (before != chosen && before != Printer.Format.TEXT && before != Decoder.Mode.AUTO) {
            throw new BlitException(option + " contradicts an earlier option: give one of " + (chosen instanceof Printer.Format
                    ? "--hex and --json" : "--compatible and --schema"));
        }
        return chosen;
    }

    private int dump(InputStream stdin, UserTypes types) throws IOException {
        if (file.equals("-")) {
            return dumpStdin(stdin, types);
        }
        Path path = Path.of(file);
        if (Files.isDirectory(path)) {
            List<Path> segments;
            try (Stream<Path> s = Files.list(path)) {
                segments = s.filter(p -> p.getFileName().toString().matches("\\d{20}\\.seg")).sorted().toList();
            }
            Path checkpoint = path.resolve(CHECKPOINT);
            return log(display(path), segments, Files.isRegularFile(checkpoint) ? checkpoint : null, types);
        }
        if (!Files.exists(path)) {
            throw new BlitException(file + ": no such file or directory");
        }
        if (!Files.isRegularFile(path)) { // a named pipe, a device, a shell's <(...): read through, as stdin is
            try (InputStream in = Files.newInputStream(path)) {
                return dumpStdin(in, types, display(path));
            }
        }
        if (file.endsWith(".seg")) {
            return log(display(path), List.of(path), null, types);
        }
        Input bytes = open(path);
        if (startsWithMagic(bytes)) {
            return log(display(path), List.of(path), null, types);
        }
        return stream(display(path), bytes, types);
    }

    /**
     * A file mapped whole for a stream: over 2 GiB, the most one mapping holds, as several ({@link Input#CHUNK}).
     * A log's segment is mapped by {@link #map}: a log writes none that big.
     */
    private static Input open(Path path) throws IOException {
        try (FileChannel ch = FileChannel.open(path, StandardOpenOption.READ)) {
            long size = ch.size();
            if (size <= Integer.MAX_VALUE) {
                return new Input(ch.map(FileChannel.MapMode.READ_ONLY, 0, size));
            }
            ByteBuffer[] chunks = new ByteBuffer[(int) ((size + Input.CHUNK - 1) / Input.CHUNK)];
            for (int i = 0; i < chunks.length; i++) {
                long at = i * Input.CHUNK;
                chunks[i] = ch.map(FileChannel.MapMode.READ_ONLY, at, Math.min(Input.CHUNK, size - at));
            }
            return new Input(chunks, size);
        }
    }

    /**
     * Stdin, copied to a temporary file that is mapped (and deleted at once where the system allows: the mapping
     * stays), so that the dump of a pipe takes no more memory than the dump of a file; held in memory only
     * where no temporary file can be made.
     */
    private int dumpStdin(InputStream stdin, UserTypes types) throws IOException {
        return dumpStdin(stdin, types, "-");
    }

    /** @param name what the input is called in the output ("-" for stdin) */
    private int dumpStdin(InputStream stdin, UserTypes types, String name) throws IOException {
        Path spill;
        try {
            spill = Files.createTempFile("blit-dump-stdin", ".bin");
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            return dumpBuffer(name, ByteBuffer.wrap(stdin.readAllBytes()), types);
        }
        Input bytes;
        try {
            try (java.io.OutputStream o = Files.newOutputStream(spill)) {
                stdin.transferTo(o);
            }
            bytes = open(spill);
        } finally {
            try {
                Files.deleteIfExists(spill);
            } catch (IOException e) {
                spill.toFile().deleteOnExit(); // mapped, on a system that cannot delete it while it is
            }
        }
        return dumpInput(name, bytes, types);
    }

    /** The file's own name: output does not depend on where the input sits (golden files compare it). */
    private static String display(Path path) {
        Path name = path.toAbsolutePath().normalize().getFileName();
        return name == null ? path.toString() : name.toString();
    }

    private static ByteBuffer map(Path path) throws IOException {
        try (FileChannel ch = FileChannel.open(path, StandardOpenOption.READ)) {
            long size = ch.size();
            if (size > Integer.MAX_VALUE) {
                throw new BlitException(size + " bytes: files over 2 GiB are not supported yet");
            }
            return ch.map(FileChannel.MapMode.READ_ONLY, 0, size);
        }
    }

    private static boolean startsWithMagic(Input in) {
        if (in.size() < LOG_MAGIC.length) {
            return false;
        }
        for (int i = 0; i < LOG_MAGIC.length; i++) {
            if (in.byteAt(i) != (LOG_MAGIC[i] & 0xff)) {
                return false;
            }
        }
        return true;
    }

    private static boolean startsWithMagic(ByteBuffer b) {
        if (b.limit() < LOG_MAGIC.length) {
            return false;
        }
        for (int i = 0; i < LOG_MAGIC.length; i++) {
            if (b.get(i) != LOG_MAGIC[i]) {
                return false;
            }
        }
        return true;
    }

    private int dumpBuffer(String name, ByteBuffer bytes, UserTypes types) {
        return dumpInput(name, new Input(bytes), types);
    }

    /** Bytes that start with the log magic as a segment (stdin's, a log's file not named .seg), else a stream. */
    private int dumpInput(String name, Input bytes, UserTypes types) {
        if (startsWithMagic(bytes)) {
            total = bytes.size();
            Printer p = printer();
            p.begin("log", name, total);
            int code = segment(p, name, bytes, types, new long[1]);
            p.end(code == 0 ? "log segment read" : "log segment damaged");
            return code;
        }
        return stream(name, bytes, types);
    }

    // ---------------------------------------------------------------- streams

    private int stream(String name, Input in, UserTypes types) {
        reading = in;
        readingName = name;
        total = in.size();
        Printer p = printer();
        p.begin("stream", name, in.size());
        Decoder d = new Decoder(in, types, mode, flat);
        long count = 0;
        while (in.pos < in.limit) {
            Node holder = new Node(in.pos, null);
            try {
                d.message(holder, "#" + count);
                count++;
                p.item(holder.children.get(0), in, d.sawBackReference);
            } catch (Decoder.Undecodable e) {
                p.item(holder.children.get(0), in, d.sawBackReference);
                p.problem(in.pos, e.getMessage());
                p.end(count + (count == 1 ? " whole value" : " whole values") + ", then one that needs its class");
                return 0;
            } catch (BlitException | StackOverflowError e) {
                long at = damageAt(e, in.pos);
                if (!holder.children.isEmpty()) {
                    p.item(holder.children.get(0), in, d.sawBackReference);
                }
                p.unread(in, in.pos, in.limit);
                p.problem(at, "value #" + count + " is damaged: " + reason(e));
                classless(p, d);
                p.end(count + (count == 1 ? " whole value" : " whole values") + ", then damage at offset " + at);
                return 1;
            }
            progress(in.pos);
            if ((count & 1023) == 0 && out.checkError()) {
                return 1; // the reader went away (| head): stop instead of decoding the rest for nobody
            }
        }
        p.end(count + (count == 1 ? " value, " : " values, ") + in.size() + " bytes");
        return 0;
    }

    /**
     * Damage after a user object read without its class may be the dump's own misreading: says so, once a
     * decoder, so that intact bytes are not taken for corrupt ones without a word.
     */
    private static void classless(Printer p, Decoder d) {
        if (d.classless >= 0) {
            p.problem(d.classless, "perhaps not damage: the user object at offset " + d.classless + " was read without"
                    + " its class, from its field table, which a guess may have taken for one (a class whose own code"
                    + " writes it has none). Give --register and --classpath (or --blit) to read it");
            d.classless = -2; // said once
        }
    }

    private static final java.util.regex.Pattern AT_OFFSET = java.util.regex.Pattern.compile("offset (\\d+)");

    /**
     * Where the damage is: the offset its reason names first (the varint, the tag, the length at fault), not where
     * reading stopped, which may be past it.
     *
     * @param stopped where reading stopped: for a reason that names no offset
     */
    private static long damageAt(Throwable e, long stopped) {
        java.util.regex.Matcher m = e.getMessage() == null ? null : AT_OFFSET.matcher(e.getMessage());
        if (m != null && m.find()) {
            try {
                return Long.parseLong(m.group(1));
            } catch (NumberFormatException x) {
                return stopped;
            }
        }
        return stopped;
    }

    private static String reason(Throwable e) {
        return e instanceof StackOverflowError ? "values nest too deeply for this thread's stack" : e.getMessage();
    }

    private void progress(long at) {
        if (progressStep > 0 && total >= progressStep && done + at >= nextProgress) {
            long now = done + at;
            err.printf("dumped %d%% (%d of %d MB)%n", now * 100 / total, now >> 20, total >> 20);
            nextProgress = now + progressStep;
        }
    }

    // ---------------------------------------------------------------- logs

    /**
     * @param checkpoint the log directory's checkpoint file, shown after the segments; null if there is none
     *                   (or only a segment file is dumped)
     */
    private int log(String name, List<Path> files, Path checkpoint, UserTypes types) {
        total = 0;
        for (Path f : files) {
            try {
                total += Files.size(f);
            } catch (IOException e) {
                // reported in its place below, where the segment cannot be mapped either
            }
        }
        Printer p = printer();
        p.begin("log", name, total);
        if (files.isEmpty()) {
            p.problem(0, "no segment files (00000000000000000000.seg, ...) in " + name);
            p.end("0 records");
            return 1;
        }
        int code = 0;
        long[] shown = new long[1];
        for (Path f : files) {
            if (pastRange) {
                break;
            }
            String segment = f.getFileName().toString();
            ByteBuffer bytes;
            try {
                bytes = map(f);
            } catch (IOException | BlitException e) {
                unreadable(p, segment, f, e);
                code = 1;
                continue;
            }
            code = Math.max(code, segment(p, segment, new Input(bytes), types, shown));
            done += bytes.limit();
        }
        if (checkpoint != null) {
            checkpoint(p, checkpoint);
        }
        p.end(shown[0] + (shown[0] == 1 ? " record shown" : " records shown"));
        return code;
    }

    /**
     * A segment file that cannot be mapped is damage in its place, shown like a segment too short for its
     * header: the document stays whole (JSON closed) and the segments after it are still read.
     */
    private static void unreadable(Printer p, String name, Path f, Exception e) {
        Node n = new Node(0, null);
        n.type = "segment " + name;
        n.end = 0;
        n.error = "cannot be read: " + whyUnreadable(f, e);
        p.item(n, new Input(ByteBuffer.allocate(0)), false);
        p.problem(0, name + ": " + n.error);
    }

    /** Without the file's path (output does not depend on where the input sits) or the exception's class. */
    private static String whyUnreadable(Path f, Exception e) {
        if (Files.isDirectory(f)) {
            return "a directory, not a file";
        }
        if (e instanceof java.nio.file.NoSuchFileException) {
            return "no longer there (deleted while the dump ran?)";
        }
        if (e instanceof java.nio.file.AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof java.nio.file.FileSystemException fs && fs.getReason() != null) {
            return fs.getReason();
        }
        return e.getMessage() != null ? e.getMessage() : e.toString();
    }

    /**
     * Prints a log's checkpoint (FORMAT.md, "Checkpoint"): where the writer's last sync left the log. It is
     * advice that opening checks against the segments, so a damaged one is remarked on, not a problem.
     */
    private static void checkpoint(Printer p, Path file) {
        Node n = new Node(0, null);
        n.type = CHECKPOINT;
        long size;
        Input in;
        try {
            size = Files.size(file);
            in = new Input(size == 20 ? map(file) : ByteBuffer.allocate(0));
        } catch (IOException | BlitException e) {
            n.end = 0;
            n.note = "cannot be read (" + whyUnreadable(file, e) + "): opening ignores it";
            p.item(n, new Input(ByteBuffer.allocate(0)), false);
            return;
        }
        n.end = in.size();
        if (size != 20) {
            n.note = "not 20 bytes (" + size + "): opening ignores it";
            p.item(n, in, false);
            return;
        }
        CRC32C crc = new CRC32C();
        checksum(crc, in.slice(0, 16));
        int stored = in.i32At(16);
        boolean ok = (int) crc.getValue() == stored;
        String end = Integer.toUnsignedString(in.i32At(8));
        n.value = "segment " + in.i64At(0) + " synced up to offset " + end + (ok ? ", CRC32C ok" : ", CRC32C MISMATCH");
        if (!ok) {
            n.note = "opening ignores it";
        }
        field(n, 0, 8, "first index of the segment", Long.toString(in.i64At(0)));
        field(n, 8, 4, "end of its synced records", end);
        field(n, 12, 4, "CRC32C of the record ending there", String.format("0x%08x", in.i32At(12)));
        field(n, 16, 4, "CRC32C of bytes 0..15", String.format("0x%08x", stored)
                + (ok ? "" : String.format(" (computed 0x%08x)", (int) crc.getValue())));
        p.item(n, in, false);
    }

    /** Bits of a segment header's encoding word (FORMAT.md, "Segment header"). */
    private static final int ENC_REFERENCES = 1;
    private static final int ENC_COMPATIBLE = 2;
    private static final int ENC_NOT_FLAT = 4;

    /** @return the word and the options of the Blit that wrote the segment, as {@code Blit.Builder} calls them */
    private static String encoding(int word) {
        if ((word & ~(ENC_REFERENCES | ENC_COMPATIBLE | ENC_NOT_FLAT)) != 0) {
            return "0x" + Integer.toHexString(word) + " (unknown bits)";
        }
        return word + " (" + ((word & ENC_COMPATIBLE) != 0 ? "compatible(true)"
                : "compatible(false), flat(" + ((word & ENC_NOT_FLAT) == 0) + ")")
                + ", references(" + ((word & ENC_REFERENCES) != 0) + "))";
    }

    /** Prints one segment's header and the selected records; {@code shown[0]} counts records printed. */
    private int segment(Printer p, String name, Input in, UserTypes types, long[] shown) {
        reading = in;
        readingName = name;
        long size = in.size();
        Node header = new Node(0, null);
        header.type = "segment " + name;
        if (size < 32) {
            header.end = size;
            header.error = "a segment is at least 32 bytes (its header); this one has " + size;
            p.item(header, in, false);
            p.problem(0, name + ": " + header.error);
            return 1;
        }
        long first = in.i64At(16);
        CRC32C crc = new CRC32C();
        checksum(crc, in.slice(0, 28));
        int storedCrc = in.i32At(28);
        boolean magic = startsWithMagic(in.slice(0, 8));
        boolean headerOk = magic && (int) crc.getValue() == storedCrc;
        header.value = "first index " + first + ", header " + (headerOk ? "CRC32C ok" : magic ? "CRC32C MISMATCH" : "magic WRONG");
        field(header, 0, 8, "magic", magic ? "\"BLITLOG\\0\"" : "not BLITLOG");
        field(header, 8, 4, "version", Integer.toUnsignedString(in.i32At(8)));
        field(header, 12, 4, "header size", Integer.toUnsignedString(in.i32At(12)));
        field(header, 16, 8, "first index", Long.toString(first));
        int encoding = in.i32At(24);
        field(header, 24, 4, "encoding", encoding(encoding));
        field(header, 28, 4, "CRC32C of bytes 0..27", String.format("0x%08x", storedCrc)
                + (headerOk ? "" : String.format(" (computed 0x%08x)", (int) crc.getValue())));
        header.end = 32;
        p.item(header, in, false);
        int code = 0;
        if (!magic) {
            p.problem(0, name + ": not a BlitLog segment (magic)");
            return 1;
        }
        if (!headerOk) {
            p.problem(28, name + ": header CRC32C mismatch at offset 28");
            code = 1;
        }
        // The header says how the log's Blit encodes (FORMAT.md, "Segment header"), unless the command line does.
        boolean known = headerOk && (encoding & ~(ENC_REFERENCES | ENC_COMPATIBLE | ENC_NOT_FLAT)) == 0;
        Decoder.Mode m = mode != Decoder.Mode.AUTO || !known ? mode
                : (encoding & ENC_COMPATIBLE) != 0 ? Decoder.Mode.COMPATIBLE : Decoder.Mode.SCHEMA;
        Decoder d = new Decoder(in, types, m, flat && !(known && (encoding & ENC_NOT_FLAT) != 0));
        long off = 32;
        long k = 0;
        while (true) {
            if (off + 8 > size) {
                p.problem(off, name + ": ends at offset " + size + " without an end marker or empty slot");
                return 1;
            }
            long slot = in.i64At(off);
            long index = first + k;
            if (slot == 0 || slot == -1) {
                if (selected(index)) {
                    Node end = new Node(off, null);
                    end.type = slot == 0 ? "empty slot" : "end marker";
                    end.value = slot == 0 ? "no record " + index + " (yet): the end of the log"
                            : "segment full: record " + index + " is in the next segment";
                    end.end = off + 8;
                    p.item(end, in, false);
                }
                return code;
            }
            long length = slot >>> 32;
            int storedRecordCrc = (int) slot;
            if (length < 1 || off + 8 + length > size) {
                Node bad = new Node(off, null);
                bad.type = "record " + index;
                bad.end = off + 8;
                bad.error = "length " + length + " at offset " + (off + 4) + " does not fit the segment ("
                        + (size - off - 8) + " bytes remain)";
                p.item(bad, in, false);
                p.problem(off, name + ": record " + index + ": " + bad.error);
                return 1;
            }
            long frame = 8 + ((length + 7) & ~7L);
            if (selected(index)) {
                shown[0]++;
                CRC32C c = new CRC32C();
                c.update(ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(0, index));
                checksum(c, in.slice(off + 4, 4 + length));
                boolean ok = (int) c.getValue() == storedRecordCrc;
                Node rec = new Node(off, null);
                rec.type = "record " + index;
                rec.value = "length " + length + ", CRC32C " + (ok ? "ok" : "MISMATCH");
                field(rec, off, 8, "frame", String.format("crc 0x%08x, length %d", storedRecordCrc, length));
                in.pos = off + 8;
                in.limit = off + 8 + length;
                String problem = null;
                boolean damaged = !ok;
                try {
                    d.message(rec, "payload");
                    if (in.pos != in.limit) {
                        problem = (in.limit - in.pos) + " trailing bytes after the value, at offset " + in.pos;
                        damaged = true;
                    }
                } catch (Decoder.Undecodable e) {
                    problem = e.getMessage();
                } catch (BlitException | StackOverflowError e) {
                    problem = reason(e);
                    damaged = true;
                }
                in.limit = size;
                if (off + frame <= size && frame > 8 + length) {
                    field(rec, off + 8 + length, frame - 8 - length, "padding", "");
                }
                rec.end = Math.min(size, off + frame);
                p.item(rec, in, d.sawBackReference);
                if (!ok) {
                    p.problem(off, name + ": record " + index + " at offset " + off + ": CRC32C mismatch (bit rot?)");
                }
                if (problem != null) {
                    p.problem(off, name + ": record " + index + ": " + problem);
                    if (ok && damaged) {
                        classless(p, d);
                    }
                }
                if (damaged) {
                    code = 1;
                }
            }
            if (limit >= 0 && index >= from && index - from >= limit - 1) {
                pastRange = true;
                return code;
            }
            off += frame;
            k++;
            progress(off);
            if ((k & 1023) == 0 && out.checkError()) {
                return 1;
            }
        }
    }

    /**
     * Whether record {@code index} is in {@code from .. from + limit - 1}. By its index, not by how many records
     * were shown: a log whose first records were deleted, or a segment file dumped alone, starts past
     * {@code from}. {@code index - from} cannot overflow once {@code index >= from}, as {@code from + limit} can.
     */
    private boolean selected(long index) {
        return index >= from && (limit < 0 || index - from < limit);
    }

    private static void field(Node parent, long at, long length, String key, String value) {
        Node n = parent.add(new Node(at, key));
        n.type = key.equals("padding") ? "zeros" : "u" + (length * 8);
        if (key.equals("magic") || key.equals("frame")) {
            n.type = key.equals("frame") ? "u32 crc, u32 length" : "8 bytes";
        }
        n.value = value.isEmpty() ? length + " bytes" : value;
        n.end = at + length;
    }

    /**
     * Adds {@code bytes} to {@code crc} through a copy on the heap: over a mapped file that another program cut
     * short meanwhile, the checksum's intrinsic reading the mapping directly is a SIGBUS that kills the JVM,
     * where the copy fails with an {@code InternalError}, which the dump reports as where it stopped.
     */
    private static void checksum(CRC32C crc, ByteBuffer bytes) {
        byte[] piece = new byte[Math.min(bytes.remaining(), 1 << 16)];
        while (bytes.hasRemaining()) {
            int n = Math.min(piece.length, bytes.remaining());
            bytes.get(piece, 0, n);
            crc.update(piece, 0, n);
        }
    }
}

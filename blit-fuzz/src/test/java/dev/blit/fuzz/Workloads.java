package dev.blit.fuzz;

import dev.blit.Blit;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.UUID;

/**
 * The workload objects of WORKLOADS.md as plain classes and records, registered with Blit like an
 * application would, and one sample of each for the fuzz targets and the mutation suite to start from.
 */
final class Workloads {
    private Workloads() {
    }

    /** Thompson's seed object. */
    static final class Seed {
        long sourceId;
        boolean special;
        int orderCode;
        int priority;
        double[] prices;
        long[] quantities;
    }

    /** Minborg's market data: 18 primitives. */
    record MarketData(long securityId, long time,
                      double bidQty0, double bidQty1, double bidQty2, double bidQty3,
                      double askQty0, double askQty1, double askQty2, double askQty3,
                      double bidPrice0, double bidPrice1, double bidPrice2, double bidPrice3,
                      double askPrice0, double askPrice1, double askPrice2, double askPrice3) {
    }

    /** Sutherland's order graph: every line points back at its order. */
    static final class Order {
        long id;
        String description;
        BigDecimal totalCost;
        List<OrderLine> orderLines;
        Customer customer;
    }

    static final class OrderLine {
        Order order;
        int lineNumber;
        String description;
        BigDecimal cost;
    }

    record Customer(long id, String name, String email) {
    }

    /** The jvm-serializers model. */
    static final class MediaContent {
        Media media;
        List<Image> images;
    }

    static final class Media {
        String uri;
        String title;
        int width;
        int height;
        String format;
        long duration;
        long size;
        int bitrate;
        boolean hasBitrate;
        List<String> persons;
        Player player;
        String copyright;
    }

    record Image(String uri, String title, int width, int height, Size size) {
    }

    enum Player { JAVA, FLASH }

    enum Size { SMALL, LARGE }

    /** A Blit with every workload class registered. */
    static Blit blit(boolean references) {
        return builder(references).build();
    }

    /** Every workload class, with the ids the tests register them under. */
    static Blit.Builder builder(boolean references) {
        return Blit.builder()
                .register(Seed.class, 100)
                .register(MarketData.class, 101)
                .register(Order.class, 102)
                .register(OrderLine.class, 103)
                .register(Customer.class, 104)
                .register(MediaContent.class, 105)
                .register(Media.class, 106)
                .register(Image.class, 107)
                .register(Player.class, 108)
                .register(Size.class, 109)
                .register(Lambdas.class, 110)
                .register(IllegalStateException.class, 111)
                .register(java.io.IOException.class, 112)
                .register(Rejected.class, 113)
                .register(Account.class, 114)
                .register(Tick.class, 115)
                .register(Tags.class, 116)
                .register(Ranking.class, 117)
                .register(Folder.class, 118)
                .register(Folder.Item.class, 119)
                .register(Object.class, 120)
                .register(java.util.Random.class, 121)
                .register(Declined.class, 122)
                .register(Catalog.class, 123)
                .register(Ledger.class, 124)
                .references(references);
    }

    /**
     * Partial construction (FORMAT.md, "Construction"): its constructor takes the final field and checks it,
     * the other fields are set after it.
     */
    static final class Account {
        final long id;
        String owner;
        double balance;
        List<String> tags;

        Account(long id) {
            if (id < 0) {
                throw new IllegalArgumentException("negative id " + id);
            }
            this.id = id;
            this.owner = "nobody";
        }
    }

    /** {@link Account}'s way of construction for a flat class. */
    static final class Tick {
        final long time;
        double price;
        int size;

        Tick(long time) {
            this.time = time;
        }
    }

    /** @return accounts and ticks, each built through a constructor that takes only their final field */
    static List<Object> partial() {
        Account a = new Account(42);
        a.owner = "ann";
        a.balance = 10.25;
        a.tags = new ArrayList<>(List.of("vip"));
        Tick t = new Tick(1_700_000_000_000L);
        t.price = 99.5;
        t.size = 300;
        return new ArrayList<>(List.of(a, new Account(7), t, t));
    }

    /** An outer class holding inner ones (FORMAT.md, "Construction"): each item's enclosing instance is a field. */
    static final class Folder {
        String name;
        List<Item> items = new ArrayList<>();

        Folder() {
        }

        final class Item {
            final int size;

            Item(int size) {
                this.size = size;
            }

            Folder folder() {
                return Folder.this;
            }
        }
    }

    /**
     * @return with references on, a folder holding two items that point back at it (a cycle); without, an item
     *         whose folder holds none, beside {@code Class} values of every kind of descriptor (FORMAT.md id 98),
     *         a bare {@code Object} twice (a lock, shared with references on) and a {@code Random} (its hooks)
     */
    static List<Object> inner(boolean references) {
        Folder f = new Folder();
        f.name = "docs";
        Folder.Item item = f.new Item(7);
        if (references) {
            f.items.add(item);
            f.items.add(f.new Item(9));
        }
        Object lock = new Object();
        java.util.Random random = new java.util.Random(7);
        random.nextGaussian(); // its hooks then put a cached Gaussian too
        return new ArrayList<>(List.of(references ? f : item, Seed.class, String[].class, java.nio.file.Path.class,
                Folder.Item[][].class, int.class, lock, random, lock));
    }

    /** A list of the user's with a field of its own (FORMAT.md, "Collections and maps the user extends"). */
    static final class Tags extends ArrayList<Object> {
        String owner;
    }

    /** A sorted map whose constructor chooses its comparator, which the bytes do not hold. */
    static final class Ranking extends java.util.TreeMap<String, Integer> {
        int round;

        Ranking() {
            super(java.util.Comparator.reverseOrder());
        }
    }

    /** @return a list of the user's holding itself (with references on), a map of the user's and an account */
    static Tags containers(boolean references) {
        Tags tags = new Tags();
        tags.owner = "ops";
        Ranking r = new Ranking();
        r.round = 3;
        r.put("a", 1);
        r.put("b", 2);
        tags.add(r);
        tags.add("x");
        if (references) {
            tags.add(tags);
        }
        return tags;
    }

    /** A user exception with final fields of its own and a constructor that takes them (FORMAT.md, "Throwables"). */
    static final class Rejected extends RuntimeException {
        final String orderId;
        final int code;

        Rejected(String orderId, int code) {
            super("order " + orderId + " rejected: " + code);
            this.orderId = orderId;
            this.code = code;
        }
    }

    /** A user exception built by a constructor taking its message, its cause and its final field. */
    static final class Declined extends RuntimeException {
        final int code;

        Declined(String message, Throwable cause, int code) {
            super(message, cause);
            this.code = code;
        }
    }

    /**
     * Exceptions: a user one with a cause and two suppressed ones (a JDK one, and one built by its message, cause
     * and field), each with a fixed stack trace.
     */
    static Throwable exceptions() {
        java.io.IOException cause = new java.io.IOException("disk full");
        cause.setStackTrace(new StackTraceElement[] {new StackTraceElement(null, "java.base", "17.0.1", "java.io.FileOutputStream",
                "writeBytes", null, -2)});
        Rejected r = new Rejected("o-17", 409);
        r.initCause(cause);
        r.setStackTrace(new StackTraceElement[] {new StackTraceElement("app", null, null, "shop.Orders", "place", "Orders.java", 42),
                new StackTraceElement("app", null, null, "shop.Main", "main", "Main.java", 7)});
        IllegalStateException closing = new IllegalStateException("closing");
        closing.setStackTrace(new StackTraceElement[0]);
        r.addSuppressed(closing);
        Declined declined = new Declined("card declined", null, 51);
        declined.setStackTrace(new StackTraceElement[0]);
        r.addSuppressed(declined);
        return r;
    }

    /** The capturing class of the sample lambdas: registered, so its serializable lambdas can be written and read. */
    static final class Lambdas {
        private Lambdas() {
        }

        static java.util.function.Function<Integer, Integer> adder(int k) {
            return (java.util.function.Function<Integer, Integer> & java.io.Serializable) x -> x + k;
        }

        static java.util.function.Supplier<Object> holding(Object value, String label) {
            return (java.util.function.Supplier<Object> & java.io.Serializable) () -> label + value;
        }

        static java.util.function.Function<String, Integer> parse() {
            return (java.util.function.Function<String, Integer> & java.io.Serializable) Integer::parseInt;
        }
    }

    /** Serializable lambdas (id 99): one held twice, one capturing a workload object, a method reference. */
    static List<Object> lambdas() {
        java.util.function.Function<Integer, Integer> adder = Lambdas.adder(7);
        return new ArrayList<>(List.of(adder, Lambdas.holding(marketData(), "md"), Lambdas.parse(), adder));
    }

    static Seed seed() {
        Seed s = new Seed();
        s.sourceId = 1010L;
        s.special = true;
        s.orderCode = 777;
        s.priority = 99;
        s.prices = new double[10];
        s.quantities = new long[10];
        for (int i = 0; i < 10; i++) {
            s.prices[i] = (i + 1) / 10.0;
            s.quantities[i] = i + 1;
        }
        return s;
    }

    static MarketData marketData() {
        return new MarketData(42, 1_700_000_000_000L, 1, 2, 3, 4, 5, 6, 7, 8, 100.25, 100.5, 100.75, 101,
                101.25, 101.5, 101.75, 102);
    }

    /** An order of {@code lines} lines; with references off the back pointers are left null. */
    static Order order(int lines, boolean references) {
        Order o = new Order();
        o.id = 12345;
        o.description = "an order of " + lines + " lines";
        o.customer = new Customer(7, "Ada Lovelace", "ada@example.com");
        o.orderLines = new ArrayList<>();
        BigDecimal total = BigDecimal.ZERO;
        for (int i = 0; i < lines; i++) {
            OrderLine l = new OrderLine();
            l.order = references ? o : null;
            l.lineNumber = i + 1;
            l.description = "line " + (i + 1);
            l.cost = new BigDecimal("19.99").multiply(BigDecimal.valueOf(i + 1));
            total = total.add(l.cost);
            o.orderLines.add(l);
        }
        o.totalCost = total;
        return o;
    }

    static MediaContent mediaContent() {
        Media m = new Media();
        m.uri = "http://javaone.com/keynote.mpg";
        m.title = "Javaone Keynote";
        m.width = 640;
        m.height = 480;
        m.format = "video/mpg4";
        m.duration = 18_000_000;
        m.size = 58_982_400;
        m.bitrate = 262_144;
        m.hasBitrate = true;
        m.persons = new ArrayList<>(List.of("Bill Gates", "Steve Jobs"));
        m.player = Player.JAVA;
        m.copyright = null;
        MediaContent c = new MediaContent();
        c.media = m;
        c.images = new ArrayList<>(List.of(
                new Image("http://javaone.com/keynote_large.jpg", "Javaone Keynote", 1024, 768, Size.LARGE),
                new Image("http://javaone.com/keynote_small.jpg", "Javaone Keynote", 320, 240, Size.SMALL)));
        return c;
    }

    /**
     * Fields whose type descriptors name user classes: a typed array (and one of two dimensions in an
     * {@code Object} field), an {@code EnumSet}, an {@code EnumMap}, a {@code Class} value. A compatible reader
     * without {@code Image}, {@code Size} and {@code Player} reads them past by those descriptors.
     */
    static final class Catalog {
        Image[] images;
        Object grid;
        EnumSet<Size> sizes;
        EnumMap<Player, Image> byPlayer;
        Class<?> kind;
    }

    static Catalog catalog() {
        Catalog c = new Catalog();
        Image small = new Image("s.jpg", null, 32, 24, Size.SMALL);
        c.images = new Image[] {small, null, new Image("l.jpg", "large", 1024, 768, Size.LARGE)};
        c.grid = new Image[][] {{small}, {}};
        c.sizes = EnumSet.allOf(Size.class);
        c.byPlayer = new EnumMap<>(Player.class);
        c.byPlayer.put(Player.FLASH, small);
        c.kind = Image.class;
        return c;
    }

    /** {@link #builtInTree()} plus an EnumSet and an EnumMap of the registered enums. */
    static Object mixedTree() {
        Map<String, Object> root = builtInTree();
        root.put("enumSet", EnumSet.of(Size.SMALL));
        EnumMap<Player, Integer> em = new EnumMap<>(Player.class);
        em.put(Player.FLASH, 3);
        root.put("enumMap", em);
        return root;
    }

    /** Built-in types only, nested: maps, lists, sets, java.time, arrays, big numbers; no registration needed. */
    static Map<String, Object> builtInTree() {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("ints", new int[] {1, -2, 3, Integer.MIN_VALUE});
        root.put("narrowInts", new int[] {1, -2, 300}); // compact with compactArrays(true): 2 bytes an element
        root.put("narrowLongs", new long[] {5, -1, 70_000}); // 4 bytes an element
        root.put("bytes", "bytes".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        root.put("chars", new char[] {'a', '€'});
        root.put("booleans", new boolean[] {true, false});
        root.put("floats", new float[] {1.5f, Float.NaN});
        root.put("shorts", new short[] {-1, 2});
        root.put("strings", new String[] {"a", null, "ü€"});
        root.put("grid", new long[][] {{1, 2}, {3}});
        root.put("list", new ArrayList<>(List.of(1, 2L, 3.0, "four", 'f', (byte) 6, (short) 7, 8.5f)));
        root.put("immutable", List.of("x", "y"));
        root.put("set", new LinkedHashSet<>(List.of("p", "q")));
        root.put("tree", new TreeMap<>(Map.of(1, "one", 2, "two")));
        TreeSet<Integer> reversed = new TreeSet<>(Collections.reverseOrder());
        reversed.addAll(List.of(3, 1));
        root.put("treeSet", reversed);
        root.put("hash", new HashMap<>(Map.of("k", List.of())));
        root.put("deque", new ArrayDeque<>(List.of(1, 2)));
        root.put("instant", Instant.ofEpochSecond(1_700_000_000L, 123));
        root.put("date", LocalDate.of(2024, 5, 17));
        root.put("dateTime", LocalDateTime.of(2024, 5, 17, 12, 30));
        root.put("offset", OffsetDateTime.of(2024, 5, 17, 12, 30, 0, 0, ZoneOffset.ofHours(2)));
        root.put("zoned", ZonedDateTime.of(2024, 5, 17, 12, 30, 0, 0, ZoneId.of("Europe/Paris")));
        root.put("duration", Duration.ofMillis(1500));
        root.put("uuid", new UUID(1, 2));
        root.put("big", new BigInteger("123456789012345678901234567890"));
        root.put("decimal", new BigDecimal("-1.25"));
        root.put("optional", Optional.of("o"));
        root.put("unmodifiable", Collections.unmodifiableMap(new LinkedHashMap<>(Map.of("u", 1))));
        root.put("singleton", Collections.singletonList(Set.of()));
        root.put("asList", Arrays.asList("a", "b"));
        root.put("nothing", null);
        root.put("date0", new java.util.Date(0));
        // Built-ins 70..90 (one entry per hashed collection, so that a round trip keeps the iteration order).
        root.put("locale", java.util.Locale.forLanguageTag("de-CH"));
        root.put("legacyLocale", new java.util.Locale("e1", "U1"));
        root.put("uri", java.net.URI.create("https://example.org/a?b#c"));
        root.put("currency", java.util.Currency.getInstance("CHF"));
        root.put("pattern", java.util.regex.Pattern.compile("a(b|c)*", java.util.regex.Pattern.CASE_INSENSITIVE));
        root.put("year", java.time.Year.of(2024));
        root.put("yearMonth", java.time.YearMonth.of(2024, 2));
        root.put("monthDay", java.time.MonthDay.of(2, 29));
        root.put("dayOfWeek", java.time.DayOfWeek.TUESDAY);
        root.put("month", java.time.Month.JUNE);
        root.put("bitSet", java.util.BitSet.valueOf(new long[] {5, 0, 1}));
        root.put("stringBuilder", new StringBuilder("sb"));
        root.put("stringBuffer", new StringBuffer("sf"));
        root.put("atomicInteger", new java.util.concurrent.atomic.AtomicInteger(-3));
        root.put("atomicLong", new java.util.concurrent.atomic.AtomicLong(1L << 40));
        root.put("atomicBoolean", new java.util.concurrent.atomic.AtomicBoolean(true));
        root.put("vector", new java.util.Vector<>(List.of(1, "v")));
        root.put("copyOnWrite", new java.util.concurrent.CopyOnWriteArrayList<>(List.of("c", 2)));
        java.util.PriorityQueue<Integer> queue = new java.util.PriorityQueue<>(Collections.reverseOrder());
        queue.addAll(List.of(4, 9, 1));
        root.put("priorityQueue", queue);
        root.put("skipListSet", new java.util.concurrent.ConcurrentSkipListSet<>(List.of("s", "t")));
        root.put("skipListMap", new java.util.concurrent.ConcurrentSkipListMap<>(Map.of(1, "a", 2, "b")));
        root.put("hashtable", new java.util.Hashtable<>(Map.of("h", 1)));
        // Built-ins 91..97.
        root.put("offsetTime", java.time.OffsetTime.of(7, 8, 9, 10, java.time.ZoneOffset.ofHours(-3)));
        root.put("timeZone", java.util.TimeZone.getTimeZone("Europe/Paris"));
        java.util.GregorianCalendar calendar = new java.util.GregorianCalendar(java.util.TimeZone.getTimeZone("GMT+01:00"));
        calendar.setTimeInMillis(1_000_000_000_000L);
        root.put("calendar", calendar);
        root.put("charset", java.nio.charset.StandardCharsets.UTF_16BE);
        root.put("sqlDate", new java.sql.Date(86_400_000L));
        root.put("sqlTime", new java.sql.Time(-1L));
        root.put("sqlTimestamp", java.sql.Timestamp.valueOf("2001-02-03 04:05:06.000000007"));
        root.put("class", Object[].class);
        // Extended built-ins (99): a Path and a File (the lambdas are a sample of their own).
        root.put("path", java.nio.file.Path.of("dir", "file.bin"));
        root.put("file", new java.io.File("log"));
        root.put("files", new java.io.File[] {new java.io.File("a"), null});
        // Extended 38..41: a URL (no host: URL.equals would ask the name service for one), the JDK's enums.
        try {
            root.put("url", new java.net.URI("file:/data/x.bin").toURL());
        } catch (java.net.URISyntaxException | java.net.MalformedURLException e) {
            throw new AssertionError(e);
        }
        root.put("timeUnit", java.util.concurrent.TimeUnit.SECONDS);
        root.put("chronoUnits", java.util.EnumSet.of(java.time.temporal.ChronoUnit.DAYS, java.time.temporal.ChronoUnit.FOREVER));
        root.put("rounding", new java.util.EnumMap<>(Map.of(java.math.RoundingMode.HALF_EVEN, 2)));
        // Extended 42: ByteBuffers, heap (its last three bytes) and direct, little-endian, read-only.
        root.put("buffer", java.nio.ByteBuffer.wrap(new byte[] {1, 2, 3, 4}).position(1));
        root.put("directBuffer", java.nio.ByteBuffer.allocateDirect(3).order(java.nio.ByteOrder.LITTLE_ENDIAN).asReadOnlyBuffer());
        // Extended 5..23: entries, sublists, synchronized wrappers, concurrent sets and queues, holders.
        root.put("entry", Map.entry("e", 1));
        root.put("simpleEntry", new java.util.AbstractMap.SimpleEntry<>(2, null));
        root.put("subList", new ArrayList<>(List.of(1, 2, 3, 4, 5, 6)).subList(1, 6));
        root.put("syncList", Collections.synchronizedList(new ArrayList<>(List.of("s"))));
        root.put("syncSorted", Collections.synchronizedNavigableMap(new TreeMap<>(Map.of(1, "x"))));
        java.util.Stack<Object> stack = new java.util.Stack<>();
        stack.push(1);
        root.put("stack", stack);
        root.put("identity", new java.util.IdentityHashMap<>(Map.of("i", 1)));
        root.put("cowSet", new java.util.concurrent.CopyOnWriteArraySet<>(List.of(1, 2)));
        root.put("linkedQueue", new java.util.concurrent.ConcurrentLinkedQueue<>(List.of("q")));
        root.put("nCopies", Collections.nCopies(3, "n"));
        root.put("natural", new TreeSet<>(java.util.Comparator.naturalOrder()));
        TreeMap<String, Integer> headers = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        headers.put("Accept", 1);
        root.put("caseInsensitive", headers);
        java.util.Properties properties = new java.util.Properties();
        properties.setProperty("key", "value");
        root.put("properties", properties);
        root.put("reference", new java.util.concurrent.atomic.AtomicReference<>(List.of(1)));
        root.put("blocking", new java.util.concurrent.ArrayBlockingQueue<>(4, false, List.of(2, 1)));
        root.put("linkedBlocking", new java.util.concurrent.LinkedBlockingDeque<>(List.of("d")));
        root.put("priorityBlocking", new java.util.concurrent.PriorityBlockingQueue<>(List.of(3, 1, 2)));
        root.put("atomicInts", new java.util.concurrent.atomic.AtomicIntegerArray(new int[] {1, -2}));
        root.put("atomicRefs", new java.util.concurrent.atomic.AtomicReferenceArray<>(new Object[] {"r", null}));
        java.util.concurrent.atomic.LongAdder adder = new java.util.concurrent.atomic.LongAdder();
        adder.add(42);
        root.put("adder", adder);
        root.put("weak", new java.util.WeakHashMap<>(Map.of("w", 1))); // its key is a constant: never cleared
        try {
            java.net.InetAddress host = java.net.InetAddress.getByAddress("host", new byte[] {10, 1, 2, 3});
            root.put("address", new java.net.InetSocketAddress(host, 443));
            root.put("unresolved", java.net.InetSocketAddress.createUnresolved("cache", 6379));
        } catch (java.net.UnknownHostException e) {
            throw new AssertionError(e);
        }
        return root;
    }

    /**
     * @return the encodings of every sample, references off and on, and with compact arrays (the seed's
     *         quantities): seeds for the fuzz targets
     */
    static List<byte[]> encodings() {
        List<byte[]> all = new ArrayList<>();
        for (boolean references : new boolean[] {false, true}) {
            Blit blit = blit(references);
            samples(references).values().forEach(v -> all.add(blit.toBytes(v)));
        }
        all.add(builder(false).compactArrays(true).build().toBytes(seed()));
        return all;
    }

    /** A class of the java.io hooks' (FORMAT.md): its superclass's part bare, its own a section. */
    static class LedgerBase implements java.io.Serializable {
        private static final long serialVersionUID = 1L;
        long opened;
        String owner;
    }

    /** Fields, custom primitive data and an object in its section; a readObject that checks what it reads. */
    static final class Ledger extends LedgerBase {
        private static final long serialVersionUID = 1L;
        int entries;
        transient List<String> notes = new ArrayList<>();

        private void writeObject(java.io.ObjectOutputStream out) throws java.io.IOException {
            out.defaultWriteObject();
            out.writeInt(notes.size());
            for (String n : notes) {
                out.writeUTF(n);
            }
            out.writeObject(notes.isEmpty() ? null : notes.get(0));
        }

        private void readObject(java.io.ObjectInputStream in) throws java.io.IOException, ClassNotFoundException {
            in.defaultReadObject();
            int n = in.readInt();
            if (n < 0 || n > 1000) {
                throw new java.io.InvalidObjectException("notes: " + n);
            }
            notes = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                notes.add(in.readUTF());
            }
            in.readObject();
        }
    }

    static List<Object> hooks() {
        Ledger l = new Ledger();
        l.opened = 1_700_000_000_000L;
        l.owner = "ann";
        l.entries = 3;
        l.notes.add("first");
        l.notes.add("second");
        return new ArrayList<>(List.of(l, l, new java.util.Random(42)));
    }

    /** One sample of every workload, by name. */
    static Map<String, Object> samples(boolean references) {
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("seed", seed());
        s.put("marketData", marketData());
        s.put("order", order(5, references));
        s.put("mediaContent", mediaContent());
        s.put("mixedTree", mixedTree());
        s.put("lambdas", lambdas());
        s.put("exceptions", exceptions());
        s.put("partial", partial());
        s.put("containers", containers(references));
        s.put("inner", inner(references));
        s.put("catalog", catalog());
        s.put("hooks", hooks());
        return s;
    }
}

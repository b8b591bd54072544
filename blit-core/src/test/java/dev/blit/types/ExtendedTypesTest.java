package dev.blit.types;

import dev.blit.Blit;
import dev.blit.BlitException;
import dev.blit.RoundTrip;
import dev.blit.buffer.WriteBuffer;
import org.junit.jupiter.api.Test;

import java.io.Serializable;
import java.lang.invoke.SerializedLambda;
import java.lang.reflect.Method;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.Supplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The extended built-ins (FORMAT.md, id 99). Serializable lambdas and method references (extended 0): every kind
 * round-trips and still works, the capturing class is the allowlist, and bytes that name a lambda its class does
 * not define, or captured values of the wrong types, are BlitExceptions. Paths (1) and files (2): as their names;
 * URLs (38) as their external form; the JDK's {@code TimeUnit}, {@code ChronoUnit} and {@code RoundingMode} (39..41)
 * by ordinal; {@code ByteBuffer}s (42) as their remaining bytes.
 */
class ExtendedTypesTest {
    /** The capturing class of most lambdas here: registering it allows them. */
    static final class Lambdas {
        private Lambdas() {
        }

        static Supplier<String> constant() {
            return (Supplier<String> & Serializable) () -> "c";
        }

        static Function<Integer, Integer> adder(int k) {
            return (Function<Integer, Integer> & Serializable) x -> x + k;
        }

        static Function<String, Integer> parse() {
            return (Function<String, Integer> & Serializable) Integer::parseInt;
        }

        static Function<String, Integer> length() {
            return (Function<String, Integer> & Serializable) String::length;
        }

        static Supplier<List<String>> constructor() {
            return (Supplier<List<String>> & Serializable) ArrayList::new;
        }

        static Supplier<String> bound(String s) {
            return (Supplier<String> & Serializable) s::trim;
        }

        static Supplier<Object> capturing(Object o) {
            return (Supplier<Object> & Serializable) () -> o;
        }

        static Runnable notSerializable() {
            return () -> { };
        }
    }

    /** Lambdas created in an interface's static method: the interface is their capturing class. */
    interface Host {
        static Supplier<String> greeting(String name) {
            return (Supplier<String> & Serializable) () -> "hello " + name;
        }
    }

    /** A registered class with fields of functional interface types. */
    static final class Holder {
        Function<Integer, Integer> f;
        Supplier<Object> g;
        String label;
    }

    /** Registered, but creates no serializable lambda. */
    static final class Plain {
        int x;
    }

    private static Blit.Builder builder() {
        return Blit.builder().register(Lambdas.class, 100).register(Host.class, 101).register(Holder.class, 102)
                .register(Plain.class, 103);
    }

    private static final Blit BLIT = builder().build();
    private static final Blit REFERENCES = builder().references(true).build();

    private static <T> T roundTrip(Blit blit, T value) {
        return RoundTrip.roundTrip(blit, value, blit.toBytes(value).length);
    }

    @Test
    void everyKindOfLambdaAndMethodReferenceComesBackAndStillWorks() {
        assertEquals("c", roundTrip(BLIT, Lambdas.constant()).get());
        assertEquals(7, roundTrip(BLIT, Lambdas.adder(5)).apply(2));
        assertEquals(42, roundTrip(BLIT, Lambdas.parse()).apply("42"));
        assertEquals(3, roundTrip(BLIT, Lambdas.length()).apply("abc"));
        List<String> made = roundTrip(BLIT, Lambdas.constructor()).get();
        assertEquals(ArrayList.class, made.getClass());
        assertEquals("x", roundTrip(BLIT, Lambdas.bound("  x ")).get());
        assertEquals(List.of(1, "two"), roundTrip(BLIT, Lambdas.capturing(List.of(1, "two"))).get());
        assertEquals("hello you", roundTrip(BLIT, Host.greeting("you")).get());
        assertEquals("c", roundTrip(builder().compatible(true).build(), Lambdas.constant()).get());
    }

    @Test
    void aLambdaHeldTwiceComesBackOnceWithReferencesAndTwiceWithout() {
        Function<Integer, Integer> f = Lambdas.adder(1);
        Object[] both = REFERENCES.fromBytes(REFERENCES.toBytes(new Object[]{f, f}), Object[].class);
        assertSame(both[0], both[1]);
        Object[] apart = BLIT.fromBytes(BLIT.toBytes(new Object[]{f, f}), Object[].class);
        assertNotSame(apart[0], apart[1]);
        assertEquals(3, Blit.builder().register(Lambdas.class, 100).build().copy(f).apply(2));
    }

    @Test
    void fieldsOfFunctionalTypesAndALambdaCapturingItsOwnHolder() {
        Holder h = new Holder();
        h.f = Lambdas.adder(10);
        h.label = "h";
        h.g = Lambdas.capturing(h); // a cycle: the holder holds a lambda that holds the holder
        Holder back = REFERENCES.copy(h);
        assertEquals(11, back.f.apply(1));
        assertSame(back, back.g.get());
        assertEquals("h", back.label);
        BlitException cycle = assertThrows(BlitException.class, () -> BLIT.toBytes(h));
        assertTrue(cycle.getMessage().contains("maxDepth"), cycle.getMessage());
        // The lambda written first: it is rebuilt from its captured holder, whose field leads back to it, so that
        // cycle cannot be read back, and is refused on writing (it failed on reading before).
        BlitException lambdaFirst = assertThrows(BlitException.class, () -> REFERENCES.toBytes(h.g));
        assertTrue(lambdaFirst.getMessage().startsWith("cannot write a back reference to the " + h.g.getClass().getName()),
                lambdaFirst.getMessage());
    }

    @Test
    void writingNeedsTheCapturingClassRegisteredAndASerializableLambda() {
        Blit without = Blit.builder().build();
        BlitException e = assertThrows(BlitException.class, () -> without.toBytes(Lambdas.adder(1)));
        assertTrue(e.getMessage().contains("created in class " + Lambdas.class.getName())
                && e.getMessage().contains("register(dev.blit.types.ExtendedTypesTest.Lambdas.class, id)"), e.getMessage());
        e = assertThrows(BlitException.class, () -> BLIT.toBytes(Lambdas.notSerializable()));
        assertTrue(e.getMessage().contains("is not Serializable") && e.getMessage().contains("Runnable & Serializable"),
                e.getMessage());
        // a serializable lambda the JDK made (Comparator.comparing's): its creator is the JDK, which no one registers
        java.util.TreeSet<String> byLength = new java.util.TreeSet<>(java.util.Comparator.comparing(String::length));
        e = assertThrows(BlitException.class, () -> BLIT.toBytes(byLength));
        assertTrue(e.getMessage().contains("a lambda the JDK's own code created"), e.getMessage());
    }

    @Test
    void readingNeedsTheSameClassUnderTheSameId() {
        byte[] bytes = BLIT.toBytes(Lambdas.adder(1));
        BlitException e = assertThrows(BlitException.class, () -> Blit.builder().build().fromBytes(bytes));
        assertTrue(e.getMessage().contains("capturing class id 100") && e.getMessage().contains("not a class registered"),
                e.getMessage());
        Blit swapped = Blit.builder().register(Plain.class, 100).register(Lambdas.class, 103).build();
        e = assertThrows(BlitException.class, () -> swapped.fromBytes(bytes));
        assertTrue(e.getMessage().contains(Plain.class.getName() + " has no serializable lambdas"), e.getMessage());
        Blit other = Blit.builder().register(Host.class, 100).build();
        e = assertThrows(BlitException.class, () -> other.fromBytes(bytes));
        assertTrue(e.getMessage().contains("is not one " + Host.class.getName() + " defines"), e.getMessage());
    }

    // ---------------------------------------------------------------- Path and File

    record Place(Path path, java.io.File file, Object any) {
    }

    @Test
    void pathsAndFilesAreTheirNamesAndTouchNoFile() {
        Path relative = Path.of("some", "dir", "f.txt");
        Path absolute = Path.of("/no/such/dir");
        for (Object v : new Object[]{relative, absolute, Path.of(""), new java.io.File("a/b"), new java.io.File("")}) {
            byte[] bytes = BLIT.toBytes(v);
            assertEquals(TypeIds.EXTENDED, bytes[0]);
            assertEquals(v, RoundTrip.roundTrip(BLIT, v, bytes.length));
        }
        assertEquals(RoundTrip.roundTrip(BLIT, relative, 17), relative); // 63 01, then "some/dir/f.txt"
        Place place = new Place(relative, new java.io.File("x"), absolute);
        assertEquals(place, Blit.builder().register(Place.class, 120).build().copy(place));
        Object[] twice = REFERENCES.copy(new Object[]{relative, relative});
        assertSame(twice[0], twice[1], "tracked, like every extended built-in");
    }

    @Test
    void aPathOfAnotherFileSystemIsRefusedAndABadNameIsRejected(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        Path zip = dir.resolve("z.zip");
        try (java.nio.file.FileSystem fs = java.nio.file.FileSystems.newFileSystem(zip, java.util.Map.of("create", "true"))) {
            BlitException e = assertThrows(BlitException.class, () -> BLIT.toBytes(fs.getPath("/inside")));
            assertTrue(e.getMessage().contains("of the file system of jar") && e.getMessage().contains("default file system"),
                    e.getMessage());
        }
        WriteBuffer out = new WriteBuffer();
        out.writeUnsignedVarInt(TypeIds.EXTENDED);
        out.writeUnsignedVarInt(TypeIds.EXT_PATH);
        out.writeString("a\u0000b");
        String m = refusal(out.toByteArray());
        assertTrue(m.contains("invalid Path at offset 1") && m.contains("Nul character not allowed"), m);
        m = refusal(new byte[]{(byte) TypeIds.EXTENDED, (byte) TypeIds.EXT_FILE, 0});
        assertTrue(m.contains("null string header inside a File value at offset 2"), m);
        class MyFile extends java.io.File {
            MyFile() {
                super("x");
            }
        }
        assertThrows(BlitException.class, () -> BLIT.toBytes(new MyFile()), "a subclass of File is not File");
    }

    // ---------------------------------------------------------------- InetAddress and InetSocketAddress

    @Test
    void addressesComeBackWithTheirHostNamesAndNothingIsLookedUp() throws Exception {
        java.net.InetAddress v4 = java.net.InetAddress.getByAddress(new byte[]{10, 0, 0, 7});
        java.net.InetAddress named = java.net.InetAddress.getByAddress("db.internal", new byte[]{(byte) 192, (byte) 168, 1, 2});
        java.net.InetAddress v6 = java.net.InetAddress.getByName("2001:db8::1");
        java.net.InetAddress scoped = java.net.Inet6Address.getByAddress(null, v6.getAddress(), 3);
        java.net.InetAddress scopeZero = java.net.Inet6Address.getByAddress("six", v6.getAddress(), 0);
        for (java.net.InetAddress a : List.of(v4, named, v6, scoped, scopeZero)) {
            java.net.InetAddress back = roundTrip(BLIT, a);
            assertEquals(a, back);
            assertEquals(a.getClass(), back.getClass());
            assertEquals(a.toString(), back.toString(), "host name, literal and scope");
        }
        java.net.InetSocketAddress unresolved = java.net.InetSocketAddress.createUnresolved("no.such.host.invalid", 8080);
        java.net.InetSocketAddress resolved = new java.net.InetSocketAddress(named, 5432);
        java.net.InetSocketAddress any = new java.net.InetSocketAddress(0);
        for (java.net.InetSocketAddress a : List.of(unresolved, resolved, any)) {
            java.net.InetSocketAddress back = roundTrip(BLIT, a);
            assertEquals(a, back);
            assertEquals(a.isUnresolved(), back.isUnresolved());
            assertEquals(a.toString(), back.toString());
        }
    }

    @Test
    void badAddressesAndPortsAreRejected() {
        String m = refusal(new byte[]{(byte) TypeIds.EXTENDED, (byte) TypeIds.EXT_INET_ADDRESS, 0, 4, 1, 2, 3});
        assertTrue(m.contains("InetAddress at offset 2 has an address of 3 bytes at offset 3, not 4 or 16"), m);
        m = refusal(new byte[]{(byte) TypeIds.EXTENDED, (byte) TypeIds.EXT_INET_ADDRESS, 0, 0});
        assertTrue(m.contains("has no address"), m);
        m = refusal(new byte[]{(byte) TypeIds.EXTENDED, (byte) TypeIds.EXT_INET_SOCKET_ADDRESS, 2});
        assertTrue(m.contains("unknown InetSocketAddress form 2 at offset 2"), m);
        m = refusal(new byte[]{(byte) TypeIds.EXTENDED, (byte) TypeIds.EXT_INET_SOCKET_ADDRESS, 0, 0, 1});
        assertTrue(m.contains("null host at offset 3"), m);
        m = refusal(new byte[]{(byte) TypeIds.EXTENDED, (byte) TypeIds.EXT_INET_SOCKET_ADDRESS, 0, 3, 0x61, (byte) 0x80, (byte) 0x80, 4});
        assertTrue(m.contains("port 65536 at offset 5 is not in 0..65535"), m);
    }

    // ---------------------------------------------------------------- arrays of them

    @Test
    void arraysOfPathsFilesAndAddressesKeepTheirComponentTypes() throws Exception {
        java.io.File[] files = {new java.io.File("a"), null, new java.io.File("b")}; // what File.listFiles() returns
        Object[] arrays = {files, new Path[]{Path.of("x"), Path.of("/y")},
                new java.net.InetAddress[]{java.net.InetAddress.getByAddress(new byte[4]),
                        java.net.InetAddress.getByAddress("six", new byte[16])},
                new java.net.InetSocketAddress[]{java.net.InetSocketAddress.createUnresolved("h", 1)},
                new java.io.File[][]{files}};
        for (Object a : arrays) {
            Object back = roundTrip(BLIT, a);
            assertEquals(a.getClass(), back.getClass());
        }
        byte[] bytes = BLIT.toBytes(new Path[]{Path.of("x")});
        assertEquals("15 63 01 01 63 01 03 78", RoundTrip.hex(bytes).trim(), "typed array: 99, extended 1, then one Path");
        // a File where the array holds Paths; a descriptor naming no component type
        String m = refusal(new byte[]{0x15, 0x63, 0x01, 0x01, 0x63, 0x02, 0x03, 0x78});
        assertTrue(m.contains("element 0") && m.contains("File"), m);
        m = refusal(new byte[]{0x15, 0x63, 0x00, 0x00});
        assertTrue(m.contains("unknown type id 99, extended id 0, at offset 1"), m);
        m = refusal(new byte[]{0x15, 0x63, 0x09, 0x00});
        assertTrue(m.contains("unknown type id 99, extended id 9"), m);
    }

    /** A registered class whose field is an array of a subclass of an extended built-in. */
    static final class Peers {
        java.net.Inet4Address[] v4;
    }

    /**
     * An extended id names exactly one class, so an array of a subclass of it (an {@code Inet4Address[]}, a
     * {@code MappedByteBuffer[]}, an array of the JDK's own {@code Path} class) would come back as an array of the
     * built-in ({@code InetAddress[]}): refused on write, as its {@code Class} value is, rather than written as a
     * value a field of its type cannot be read back into.
     */
    @Test
    void anArrayOfASubclassOfAnExtendedBuiltInIsRefusedOnWrite() throws Exception {
        java.net.InetAddress v4 = java.net.InetAddress.getByAddress(new byte[4]);
        java.net.InetAddress v6 = java.net.InetAddress.getByAddress(new byte[16]);
        Class<?>[] subclasses = {java.net.Inet4Address.class, java.net.Inet6Address.class, v4.getClass(),
                java.nio.MappedByteBuffer.class, java.nio.ByteBuffer.allocate(1).getClass(),
                java.nio.ByteBuffer.allocateDirect(1).getClass(), Path.of("x").getClass()};
        for (Class<?> c : subclasses) {
            Object array = java.lang.reflect.Array.newInstance(c, 0);
            BlitException e = assertThrows(BlitException.class, () -> BLIT.toBytes(array), c.getName());
            assertTrue(e.getMessage().contains("cannot write an array of " + c.getName()), e.getMessage());
        }
        java.net.Inet4Address[] addresses = {(java.net.Inet4Address) v4};
        BlitException e = assertThrows(BlitException.class, () -> BLIT.toBytes(addresses));
        assertTrue(e.getMessage().contains("read back as a java.net.InetAddress[]"), e.getMessage());
        Peers peers = new Peers();
        peers.v4 = addresses;
        Blit withPeers = Blit.builder().register(Peers.class, 100).build();
        assertThrows(BlitException.class, () -> withPeers.toBytes(peers), "refused on write, not on read");
        // the built-ins' own array classes still come back as themselves, holding the subclasses' instances
        Object[] own = {new java.net.InetAddress[]{v4, v6}, new java.nio.ByteBuffer[]{java.nio.ByteBuffer.allocate(1)}};
        for (Object a : own) {
            assertEquals(a.getClass(), roundTrip(BLIT, a).getClass());
        }
    }

    // ---------------------------------------------------------------- URL and the JDK's enums

    record Endpoint(java.net.URL url, java.util.concurrent.TimeUnit unit, java.time.temporal.ChronoUnit step,
                    java.math.RoundingMode rounding, Object any) {
    }

    @Test
    void urlsAreTheirExternalFormAndTouchNoNetwork() throws Exception {
        java.net.URL[] urls = {new java.net.URL("https://user@example.com:8443/a/b?q=1&r=%20#frag"),
                new java.net.URL("file:/tmp/with space/x"), // a URL that is not a URI: URI.toURL would refuse it
                new java.net.URL("jar:file:/tmp/a.jar!/META-INF/MANIFEST.MF"), new java.net.URL("http://[::1]:80/")};
        for (java.net.URL u : urls) {
            java.net.URL back = roundTrip(BLIT, u);
            assertEquals(u.toExternalForm(), back.toExternalForm()); // URL.equals would ask a name service
            assertEquals(u.getProtocol() + u.getHost() + u.getPort() + u.getFile() + u.getRef(),
                    back.getProtocol() + back.getHost() + back.getPort() + back.getFile() + back.getRef());
        }
        assertEquals("63 26 13 68 74 74 70 3a 2f 2f 68 2f", RoundTrip.hex(BLIT.toBytes(new java.net.URL("http://h/"))).trim(),
                "99, extended 38, then the external form");
        Endpoint e = new Endpoint(urls[0], java.util.concurrent.TimeUnit.SECONDS, java.time.temporal.ChronoUnit.DAYS,
                java.math.RoundingMode.HALF_EVEN, new java.net.URL[]{urls[1], null});
        Endpoint back = Blit.builder().register(Endpoint.class, 120).build().copy(e);
        assertEquals(e.url().toExternalForm(), back.url().toExternalForm());
        assertEquals(urls[1].toExternalForm(), ((java.net.URL[]) back.any())[0].toExternalForm());
        String m = refusal(bytesOf(TypeIds.EXT_URL, "nope://x"));
        assertTrue(m.contains("invalid URL at offset 1: \"nope://x\"") && m.contains("unknown protocol"), m);
        m = refusal(new byte[]{(byte) TypeIds.EXTENDED, (byte) TypeIds.EXT_URL, 0});
        assertTrue(m.contains("null string header inside a URL value at offset 2"), m);
    }

    /**
     * A URL made from its parts is written as its external form too, which for a file without a leading slash
     * names another host ({@code http://example.comindex.html}): refused on write, naming the URL, rather than read
     * back as a URL to another host. One whose form parses to the same parts is written as any other.
     */
    @Test
    void aUrlWhoseExternalFormReadsBackAsAnotherUrlIsRefusedOnWrite() throws Exception {
        java.net.URL ambiguous = new java.net.URL("http", "example.com", -1, "index.html");
        BlitException e = assertThrows(BlitException.class, () -> BLIT.toBytes(ambiguous));
        assertTrue(e.getMessage().contains("cannot write URL \"http://example.comindex.html\" (host \"example.com\"")
                && e.getMessage().contains("host \"example.comindex.html\""), e.getMessage());
        for (java.net.URL u : new java.net.URL[]{new java.net.URL("http", "example.com", 8080, "?q=1"),
                new java.net.URL("http", "example.com", -1, "/index.html#top"), new java.net.URL("file", "", "/tmp/x")}) {
            java.net.URL back = roundTrip(BLIT, u);
            assertEquals(u.getHost() + u.getPort() + u.getFile() + u.getRef(),
                    back.getHost() + back.getPort() + back.getFile() + back.getRef());
        }
    }

    /**
     * A URL's {@code hashCode} and {@code equals} resolve its host (ysoserial's URLDNS chain: a set of URLs read
     * from untrusted bytes sends the DNS queries the bytes choose); one Blit reads compares host names instead.
     * {@code localhost} shows it without a network: the JDK's handler hashes its address (127.0.0.1 from the
     * hosts file), Blit's the name.
     */
    @Test
    void urlsReadFromBytesNeverResolveTheirHost() throws Exception {
        java.net.URL back = BLIT.copy(new java.net.URL("http://localhost:8080/x?q#r"));
        int byName = "http".hashCode() + "localhost".hashCode() + "/x?q".hashCode() + 8080 + "r".hashCode();
        assertEquals(byName, back.hashCode());
        java.util.Set<java.net.URL> hosts = new java.util.HashSet<>();
        for (int i = 0; i < 50; i++) {
            hosts.add(new java.net.URL("http://h" + i + ".blit-test.invalid/")); // hashed here, by the JDK: not resolvable anyway
        }
        java.util.Set<java.net.URL> read = BLIT.copy(hosts); // HashSet.add hashes each URL read
        assertEquals(50, read.size());
        for (java.net.URL u : read) {
            assertTrue(read.contains(BLIT.copy(u)), u.toString());
        }
        assertEquals(BLIT.copy(new java.net.URL("https://EXAMPLE.com/a")), BLIT.copy(new java.net.URL("https://example.com/a")));
        assertTrue(!BLIT.copy(new java.net.URL("https://example.com/a")).equals(BLIT.copy(new java.net.URL("https://example.org/a"))));
        java.net.URL https = BLIT.copy(new java.net.URL("https://example.com/a"));
        assertEquals(443, https.getDefaultPort());
        assertEquals(https.toURI(), new java.net.URI("https://example.com/a"));
        assertTrue(https.openConnection() instanceof javax.net.ssl.HttpsURLConnection, "a connection as the JDK's handler opens it");
        java.net.URL file = BLIT.copy(new java.net.URL("file:/tmp/x"));
        assertEquals(new java.net.URL("file:/tmp/x"), file); // no host: the JDK's own URL
    }

    private static byte[] bytesOf(int ext, String text) {
        WriteBuffer out = new WriteBuffer();
        out.writeUnsignedVarInt(TypeIds.EXTENDED);
        out.writeUnsignedVarInt(ext);
        out.writeString(text);
        return out.toByteArray();
    }

    @Test
    void theJdksCommonEnumsAreBuiltInByOrdinalInFormatMdsOrder() {
        // FORMAT.md lists the constants by ordinal: a JDK that reordered them would fail here.
        assertEquals("[NANOSECONDS, MICROSECONDS, MILLISECONDS, SECONDS, MINUTES, HOURS, DAYS]",
                java.util.Arrays.toString(java.util.concurrent.TimeUnit.values()));
        assertEquals("[NANOS, MICROS, MILLIS, SECONDS, MINUTES, HOURS, HALF_DAYS, DAYS, WEEKS, MONTHS, YEARS, DECADES,"
                        + " CENTURIES, MILLENNIA, ERAS, FOREVER]",
                java.util.Arrays.toString(java.util.Arrays.stream(java.time.temporal.ChronoUnit.values()).map(Enum::name).toArray()));
        assertEquals("[UP, DOWN, CEILING, FLOOR, HALF_UP, HALF_DOWN, HALF_EVEN, UNNECESSARY]",
                java.util.Arrays.toString(java.math.RoundingMode.values()));
        List<Enum<?>> all = new ArrayList<>();
        all.addAll(List.of(java.util.concurrent.TimeUnit.values()));
        all.addAll(List.of(java.time.temporal.ChronoUnit.values()));
        all.addAll(List.of(java.math.RoundingMode.values()));
        for (Enum<?> c : all) {
            assertSame(c, roundTrip(BLIT, c));
            assertSame(c, roundTrip(REFERENCES, c));
        }
        assertEquals("63 27 03", RoundTrip.hex(BLIT.toBytes(java.util.concurrent.TimeUnit.SECONDS)).trim());
        assertEquals("63 28 0f", RoundTrip.hex(BLIT.toBytes(java.time.temporal.ChronoUnit.FOREVER)).trim());
        assertEquals("63 29 06", RoundTrip.hex(BLIT.toBytes(java.math.RoundingMode.HALF_EVEN)).trim());
        // fields (generated code), arrays, EnumSet and EnumMap, as a registered enum's
        Blit blit = Blit.builder().register(Endpoint.class, 120).build();
        Endpoint e = new Endpoint(null, java.util.concurrent.TimeUnit.MILLISECONDS, java.time.temporal.ChronoUnit.HOURS,
                java.math.RoundingMode.HALF_UP, java.util.EnumSet.of(java.util.concurrent.TimeUnit.SECONDS,
                java.util.concurrent.TimeUnit.DAYS));
        assertEquals(e, RoundTrip.roundTrip(blit, e, blit.toBytes(e).length));
        Blit compatible = Blit.builder().register(Endpoint.class, 120).compatible(true).build();
        assertEquals(e, RoundTrip.roundTrip(compatible, e, compatible.toBytes(e).length), "compatible mode: fields by name");
        Object[] more = {new java.util.concurrent.TimeUnit[]{java.util.concurrent.TimeUnit.HOURS, null},
                new java.util.EnumMap<>(java.util.Map.of(java.time.temporal.ChronoUnit.WEEKS, 2, java.time.temporal.ChronoUnit.DAYS, 1)),
                java.util.EnumSet.noneOf(java.math.RoundingMode.class),
                new java.util.EnumMap<java.util.concurrent.TimeUnit, Object>(java.util.concurrent.TimeUnit.class)};
        Object[] back = roundTrip(BLIT, more);
        assertEquals(java.util.concurrent.TimeUnit[].class, back[0].getClass());
        assertEquals(java.util.Arrays.asList((Object[]) more[0]), java.util.Arrays.asList((Object[]) back[0]));
        assertEquals(more[1], back[1]);
        assertEquals(more[2], back[2]);
        assertEquals(RoundTrip.hex(BLIT.toBytes(more[2])), RoundTrip.hex(BLIT.toBytes(back[2])),
                "the element type survives an empty set: its descriptor is written again");
        assertEquals("2f 63 27 00", RoundTrip.hex(BLIT.toBytes(back[3])).trim(), "and an empty map's key type");
        String m = refusal(new byte[]{(byte) TypeIds.EXTENDED, (byte) TypeIds.EXT_TIME_UNIT, 7});
        assertTrue(m.contains("ordinal 7 at offset 2 is not a constant of java.util.concurrent.TimeUnit (it has 7)"), m);
        m = refusal(new byte[]{(byte) TypeIds.EXTENDED, (byte) TypeIds.EXT_ROUNDING_MODE, (byte) 0xff, (byte) 0xff,
                (byte) 0xff, (byte) 0xff, 0x0f});
        assertTrue(m.contains("ordinal 4294967295 at offset 2 is not a constant of java.math.RoundingMode"), m);
    }

    /**
     * A direct buffer larger than the JVM's direct memory (-XX:MaxDirectMemorySize) is a BlitException with its
     * offset, not the OutOfMemoryError {@code allocateDirect} throws: run in a child JVM with 1 MiB of it.
     */
    @Test
    void aDirectBufferBeyondTheJvmsDirectMemoryIsABlitException() throws Exception {
        Path log = java.nio.file.Files.createTempFile("direct", ".txt");
        try {
            Process child = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-XX:MaxDirectMemorySize=1m", "-cp", System.getProperty("java.class.path"), TooDirect.class.getName())
                    .redirectErrorStream(true).redirectOutput(log.toFile()).start();
            assertTrue(child.waitFor(60, java.util.concurrent.TimeUnit.SECONDS), "child JVM still running");
            String out = java.nio.file.Files.readString(log);
            assertEquals(0, child.exitValue(), out);
            assertTrue(out.startsWith("BlitException: a direct ByteBuffer of 2097152 bytes at offset 1 does not fit"), out);
        } finally {
            java.nio.file.Files.deleteIfExists(log);
        }
    }

    /** Run by the test above in a JVM with 1 MiB of direct memory: reads a 2 MiB direct buffer's bytes. */
    static final class TooDirect {
        public static void main(String[] args) {
            WriteBuffer out = new WriteBuffer();
            out.writeUnsignedVarInt(TypeIds.EXTENDED);
            out.writeUnsignedVarInt(TypeIds.EXT_BYTE_BUFFER);
            out.writeByte(1); // direct
            out.writeByteArray(new byte[2 << 20]);
            try {
                Blit.builder().build().fromBytes(out.toByteArray());
                System.out.println("read");
            } catch (BlitException e) {
                System.out.println("BlitException: " + e.getMessage());
            } catch (Throwable t) {
                System.out.println(t);
            }
        }
    }

    @Test
    void aSerializerOfTheUsersForByteBuffersOrUrlsMadeBeforeTheyWereBuiltInIsStillTheOneUsed() throws Exception {
        dev.blit.Serializer<java.nio.ByteBuffer> lengthOnly = new dev.blit.Serializer<>() {
            @Override
            public void write(WriteBuffer out, java.nio.ByteBuffer b) {
                out.writeUnsignedVarInt(b.remaining());
            }

            @Override
            public java.nio.ByteBuffer read(dev.blit.buffer.ReadBuffer in) {
                return java.nio.ByteBuffer.allocate(in.readUnsignedVarInt());
            }
        };
        dev.blit.Serializer<java.net.URL> hostOnly = new dev.blit.Serializer<>() {
            @Override
            public void write(WriteBuffer out, java.net.URL u) {
                out.writeString(u.getHost());
            }

            @Override
            public java.net.URL read(dev.blit.buffer.ReadBuffer in) {
                try {
                    return new java.net.URI("http://" + in.readString() + "/").toURL();
                } catch (java.net.URISyntaxException | java.net.MalformedURLException e) {
                    throw new BlitException(e.toString());
                }
            }
        };
        Blit own = Blit.builder().registerHierarchy(java.nio.ByteBuffer.class, 130, lengthOnly)
                .register(java.net.URL.class, 131, hostOnly).build();
        assertEquals("82 01 03", RoundTrip.hex(own.toBytes(java.nio.ByteBuffer.allocateDirect(3))).trim());
        assertEquals("83 01 03 68", RoundTrip.hex(own.toBytes(new java.net.URI("https://h/x").toURL())).trim());
        assertEquals(2, ((java.nio.ByteBuffer) own.fromBytes(BLIT.toBytes(java.nio.ByteBuffer.allocate(2)))).remaining(),
                "and it reads the built-in id");
    }

    @Test
    void aRegistrationOfAJdkEnumMadeBeforeItWasBuiltInStillWritesUnderItsOwnId() {
        Blit own = Blit.builder().register(java.util.concurrent.TimeUnit.class, 130).build();
        byte[] bytes = own.toBytes(java.util.concurrent.TimeUnit.MINUTES);
        assertEquals("82 01 04", RoundTrip.hex(bytes).trim(), "id 130, ordinal 4: what it wrote before");
        assertSame(java.util.concurrent.TimeUnit.MINUTES, own.fromBytes(bytes));
        assertSame(java.util.concurrent.TimeUnit.MINUTES, own.fromBytes(BLIT.toBytes(java.util.concurrent.TimeUnit.MINUTES)),
                "and it reads the built-in id");
    }

    // ---------------------------------------------------------------- ByteBuffer

    record Packet(java.nio.ByteBuffer payload, java.nio.ByteBuffer[] parts) {
    }

    private static void assertSameBuffer(java.nio.ByteBuffer expected, java.nio.ByteBuffer actual) {
        assertEquals(expected, actual, "the remaining bytes");
        assertEquals(0, actual.position());
        assertEquals(expected.remaining(), actual.capacity());
        assertEquals(expected.isDirect(), actual.isDirect());
        assertEquals(expected.isReadOnly(), actual.isReadOnly());
        assertEquals(expected.order(), actual.order());
    }

    @Test
    void byteBuffersKeepTheirRemainingBytesOrderDirectnessAndReadOnliness(@org.junit.jupiter.api.io.TempDir Path dir)
            throws Exception {
        java.nio.ByteBuffer window = java.nio.ByteBuffer.wrap(new byte[] {9, 9, 1, 2, 3, 9}).position(2).limit(5);
        java.nio.ByteBuffer direct = java.nio.ByteBuffer.allocateDirect(12).order(java.nio.ByteOrder.LITTLE_ENDIAN)
                .putLong(-2).putInt(7).flip();
        java.nio.ByteBuffer large = java.nio.ByteBuffer.allocateDirect(20_000); // written in several chunks
        for (int i = 0; i < large.capacity(); i++) {
            large.put(i, (byte) (i * 31));
        }
        Path file = dir.resolve("mapped.bin");
        java.nio.file.Files.write(file, new byte[] {4, 5, 6});
        java.nio.MappedByteBuffer mapped;
        try (java.nio.channels.FileChannel ch = java.nio.channels.FileChannel.open(file)) {
            mapped = ch.map(java.nio.channels.FileChannel.MapMode.READ_ONLY, 0, 3);
        }
        java.nio.ByteBuffer[] buffers = {window, direct, large, window.asReadOnlyBuffer(), direct.asReadOnlyBuffer()
                .order(java.nio.ByteOrder.LITTLE_ENDIAN), java.nio.ByteBuffer.allocate(0), mapped};
        for (java.nio.ByteBuffer b : buffers) {
            for (Blit blit : new Blit[] {BLIT, REFERENCES}) {
                java.nio.ByteBuffer back = roundTrip(blit, b);
                assertSameBuffer(b, back);
            }
        }
        assertEquals(2, window.position(), "the caller's buffer does not move");
        assertEquals(5, window.limit());
        assertEquals(-2L, BLIT.copy(direct).getLong(0), "little-endian, as it was");
        // the layout: 99, extended 42, flags (1 direct, 2 little-endian, 4 read-only), then a byte[]
        assertEquals("63 2a 00 04 01 02 03", RoundTrip.hex(BLIT.toBytes(window)).trim());
        assertEquals("63 2a 06 04 01 02 03", RoundTrip.hex(BLIT.toBytes(window.asReadOnlyBuffer()
                .order(java.nio.ByteOrder.LITTLE_ENDIAN))).trim());
        // a field and an array of them (generated code), shared ones with references on
        Blit blit = Blit.builder().register(Packet.class, 120).references(true).build();
        Packet p = new Packet(window, new java.nio.ByteBuffer[] {direct, null, window});
        Packet back = blit.copy(p);
        assertSameBuffer(window, back.payload());
        assertEquals(java.nio.ByteBuffer[].class, back.parts().getClass());
        assertSameBuffer(direct, back.parts()[0]);
        assertSame(back.payload(), back.parts()[2]);
        // refusals
        String m = refusal(new byte[] {(byte) TypeIds.EXTENDED, (byte) TypeIds.EXT_BYTE_BUFFER, 8, 1});
        assertTrue(m.contains("ByteBuffer at offset 1 has unknown flags 0x8 at offset 2"), m);
        m = refusal(new byte[] {(byte) TypeIds.EXTENDED, (byte) TypeIds.EXT_BYTE_BUFFER, 1, 0});
        assertTrue(m.contains("null array header inside a ByteBuffer value at offset 3"), m);
        m = refusal(new byte[] {(byte) TypeIds.EXTENDED, (byte) TypeIds.EXT_BYTE_BUFFER, 0, 5, 1, 2});
        assertTrue(m.contains("offset 3"), m);
        byte[] big = BLIT.toBytes(large);
        Blit tight = Blit.builder().maxAllocationPerRead(30_000).build();
        assertEquals(large, tight.fromBytes(BLIT.toBytes(java.nio.ByteBuffer.allocate(20_000).put(large.duplicate()).flip())),
                "a heap buffer's array is all it allocates");
        m = assertThrows(BlitException.class, () -> tight.fromBytes(big)).getMessage();
        assertTrue(m.contains("a direct ByteBuffer") && m.contains("offset 1"), m);
    }

    // ---------------------------------------------------------------- hand-made bytes

    private static SerializedLambda described(Object lambda) throws ReflectiveOperationException {
        Method m = lambda.getClass().getDeclaredMethod("writeReplace");
        m.setAccessible(true);
        return (SerializedLambda) m.invoke(lambda);
    }

    /** The bytes of a lambda as Blit writes {@code sl}, with its implementation method name and kind replaced. */
    private static byte[] bytes(SerializedLambda sl, int ext, int kind, String implName, Object... captured) {
        WriteBuffer out = new WriteBuffer();
        out.writeUnsignedVarInt(TypeIds.EXTENDED);
        out.writeUnsignedVarInt(ext);
        out.writeUnsignedVarInt(100);
        out.writeString(sl.getFunctionalInterfaceClass());
        out.writeString(sl.getFunctionalInterfaceMethodName());
        out.writeString(sl.getFunctionalInterfaceMethodSignature());
        out.writeUnsignedVarInt(kind);
        out.writeString(sl.getImplClass());
        out.writeString(implName);
        out.writeString(sl.getImplMethodSignature());
        out.writeString(sl.getInstantiatedMethodType());
        out.writeUnsignedVarInt(captured.length);
        for (Object c : captured) {
            BLIT.write(c, out);
        }
        return out.toByteArray();
    }

    private static String refusal(byte[] bytes) {
        return assertThrows(BlitException.class, () -> BLIT.fromBytes(bytes)).getMessage();
    }

    @Test
    void handMadeBytesAreReadOnlyForALambdaTheClassDefinesWithValuesOfItsTypes() throws Exception {
        SerializedLambda sl = described(Lambdas.adder(5));
        int kind = sl.getImplMethodKind();
        String impl = sl.getImplMethodName();
        @SuppressWarnings("unchecked")
        Function<Integer, Integer> same = (Function<Integer, Integer>) BLIT.fromBytes(bytes(sl, 0, kind, impl, 5));
        assertEquals(7, same.apply(2));

        String m = refusal(bytes(sl, 0, kind, impl, "five"));
        assertTrue(m.contains("lambda at offset 1 is not one " + Lambdas.class.getName() + " defines")
                && m.contains("ClassCastException"), m);
        m = refusal(bytes(sl, 0, kind, impl));
        assertTrue(m.contains("is not one"), m);
        m = refusal(bytes(sl, 0, kind, "lambda$evil$0", 5));
        assertTrue(m.contains("is not one") && m.contains("lambda$evil$0"), m);
        m = refusal(bytes(sl, 0, 10, impl, 5));
        assertTrue(m.contains("method handle kind 10") && m.contains("not one of 1..9"), m);
        m = refusal(bytes(sl, 0, kind, "", 5));
        assertTrue(m.contains("implementation method at offset") && m.contains("is empty"), m);
        m = refusal(bytes(sl, 47, kind, impl, 5)); // 5..36 collections, comparators, holders; 37 a frame; 38..42 URL, enums, ByteBuffer; 43 by name; 44..46 sequenced views
        assertTrue(m.contains("unknown extended built-in id 47 at offset 1"), m);

        WriteBuffer huge = new WriteBuffer();
        byte[] head = bytes(sl, 0, kind, impl);
        huge.writeBytes(head, 0, head.length - 1);
        huge.writeUnsignedVarInt(Integer.MAX_VALUE); // a captured-value count no input can hold
        m = refusal(huge.toByteArray());
        assertTrue(m.contains("offset " + (head.length - 1)), m);
        // From a stream the count cannot be checked against the bytes left: the array grows as values arrive.
        WriteBuffer big = new WriteBuffer();
        big.writeBytes(head, 0, head.length - 1);
        big.writeUnsignedVarInt(30_000_000); // within maxAllocationPerRead, far past the input
        java.io.InputStream stream = new java.io.ByteArrayInputStream(big.toByteArray());
        m = assertThrows(BlitException.class, () -> BLIT.read(stream)).getMessage();
        assertTrue(m.contains("truncated") || m.contains("end of"), m);
    }
}

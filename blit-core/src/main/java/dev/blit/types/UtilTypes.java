package dev.blit.types;

import dev.blit.BlitException;
import dev.blit.buffer.ReadBuffer;
import dev.blit.buffer.WriteBuffer;
import dev.blit.internal.NamedClasses;
import dev.blit.internal.ReadSession;
import dev.blit.internal.Registration;
import dev.blit.internal.Registry;
import dev.blit.internal.RegistryBuilder;
import dev.blit.internal.WriteSession;

import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.BitSet;
import java.util.Currency;
import java.util.HashMap;
import java.util.IllformedLocaleException;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * The other JDK values Kryo and Fory serialize out of the box: {@code Locale}, {@code URI}, {@code Currency},
 * {@code Pattern} and {@code Charset} (immutable, not tracked), {@code Class} values (as the ids of the classes
 * this instance knows, so never a class by name), and the mutable holders {@code BitSet},
 * {@code StringBuilder}, {@code StringBuffer} and the three primitive atomics (tracked, as {@code Date} is).
 * Without these, a user's class holding one of them could not be written at all: their fields are private
 * to {@code java.base}, which opens nothing to Blit. Each is read back through the JDK's own validating
 * factory, and what it rejects (an ill-formed language tag, an unknown currency, a regex syntax error)
 * is a {@link BlitException} naming the offset.
 */
final class UtilTypes {
    private UtilTypes() {
    }

    static void install(RegistryBuilder rb) {
        rb.add(TypeIds.LOCALE, Locale.class, new Codec(TypeIds.LOCALE));
        rb.add(TypeIds.URI, URI.class, new Codec(TypeIds.URI));
        rb.add(TypeIds.CURRENCY, Currency.class, new Codec(TypeIds.CURRENCY));
        rb.add(TypeIds.PATTERN, Pattern.class, new Codec(TypeIds.PATTERN));
        rb.add(TypeIds.BIT_SET, BitSet.class, new Codec(TypeIds.BIT_SET));
        rb.add(TypeIds.STRING_BUILDER, StringBuilder.class, new Codec(TypeIds.STRING_BUILDER));
        rb.add(TypeIds.STRING_BUFFER, StringBuffer.class, new Codec(TypeIds.STRING_BUFFER));
        rb.add(TypeIds.ATOMIC_INTEGER, AtomicInteger.class, new Codec(TypeIds.ATOMIC_INTEGER));
        rb.add(TypeIds.ATOMIC_LONG, AtomicLong.class, new Codec(TypeIds.ATOMIC_LONG));
        rb.add(TypeIds.ATOMIC_BOOLEAN, AtomicBoolean.class, new Codec(TypeIds.ATOMIC_BOOLEAN));
        rb.add(TypeIds.CHARSET, Charset.class, new Codec(TypeIds.CHARSET));
        rb.family(Charset.class); // one JDK class per charset (sun.nio.cs.UTF_8, ...), none of them public
        rb.add(TypeIds.CLASS, Class.class, new Codec(TypeIds.CLASS));
    }

    /** Locale content forms: its language tag, or (for the few locales no tag rebuilds) the legacy triple. */
    static final int LOCALE_TAG = 0;
    static final int LOCALE_TRIPLE = 1;

    /**
     * One class for all of them, switching on the wire id: see {@link BuiltinTypes.ById} for why (one
     * dispatch per value, no lambda call sites linked at start-up).
     */
    private static final class Codec extends BuiltinTypes.ById {
        Codec(int id) {
            // The immutable values are written in full every time; the holders (79..84) keep their identity.
            super(id, id >= TypeIds.BIT_SET && id <= TypeIds.ATOMIC_BOOLEAN);
        }

        @Override
        public void write(WriteBuffer out, Object v) {
            switch (id) {
                case TypeIds.LOCALE:
                    writeLocale(out, (Locale) v);
                    return;
                case TypeIds.URI:
                    out.writeString(v.toString());
                    return;
                case TypeIds.CURRENCY:
                    out.writeString(((Currency) v).getCurrencyCode());
                    return;
                case TypeIds.PATTERN:
                    Pattern p = (Pattern) v;
                    if ((p.flags() & Pattern.CANON_EQ) != 0) {
                        throw new BlitException("cannot write Pattern " + quoted(p.pattern())
                                + ": CANON_EQ is not supported (compiling it takes time factorial in the pattern's length,"
                                + " which a reader cannot afford to accept from untrusted bytes)");
                    }
                    out.writeString(p.pattern());
                    out.writeUnsignedVarInt(p.flags());
                    return;
                case TypeIds.BIT_SET:
                    out.writeLongArray(((BitSet) v).toLongArray());
                    return;
                case TypeIds.STRING_BUILDER:
                case TypeIds.STRING_BUFFER:
                    out.writeString(v.toString());
                    return;
                case TypeIds.ATOMIC_INTEGER:
                    out.writeVarInt(((AtomicInteger) v).get());
                    return;
                case TypeIds.ATOMIC_LONG:
                    out.writeVarLong(((AtomicLong) v).get());
                    return;
                case TypeIds.ATOMIC_BOOLEAN:
                    out.writeBoolean(((AtomicBoolean) v).get());
                    return;
                case TypeIds.CHARSET:
                    out.writeString(((Charset) v).name());
                    return;
                case TypeIds.CLASS:
                    writeClass(out, (Class<?>) v);
                    return;
                default:
                    throw new IllegalStateException("no built-in utility type has id " + id);
            }
        }

        @Override
        public Object read(ReadBuffer in) {
            long at = in.offset();
            switch (id) {
                case TypeIds.LOCALE:
                    return readLocale(in);
                case TypeIds.URI: {
                    String s = LeafContent.text(in, "URI");
                    try {
                        return new URI(s);
                    } catch (URISyntaxException e) {
                        throw new BlitException("invalid URI at offset " + at + ": " + e.getMessage(), e);
                    }
                }
                case TypeIds.CURRENCY: {
                    String code = LeafContent.text(in, "Currency");
                    try {
                        return Currency.getInstance(code);
                    } catch (IllegalArgumentException e) {
                        throw new BlitException("unknown currency code " + quoted(code) + " at offset " + at, e);
                    }
                }
                case TypeIds.PATTERN: {
                    String regex = LeafContent.text(in, "Pattern");
                    long flagsAt = in.offset();
                    int flags = in.readUnsignedVarInt();
                    if ((flags & Pattern.CANON_EQ) != 0) {
                        throw new BlitException("Pattern flags at offset " + flagsAt + " include CANON_EQ, which Blit"
                                + " does not read (its compilation takes time factorial in the pattern's length)");
                    }
                    try {
                        return Pattern.compile(regex, flags);
                    } catch (PatternSyntaxException e) { // its own message repeats the whole pattern: not that
                        throw new BlitException("invalid Pattern at offset " + at + ": " + e.getDescription()
                                + " near index " + e.getIndex() + " of " + quoted(regex), e);
                    } catch (IllegalArgumentException e) { // flags no Pattern defines
                        throw new BlitException("invalid Pattern at offset " + at + ": " + e.getMessage(), e);
                    }
                }
                case TypeIds.BIT_SET: {
                    long[] words = (long[]) LeafContent.array(in.readLongArray(), in);
                    if (words.length > 0 && words[words.length - 1] == 0) {
                        throw new BlitException("BitSet at offset " + at + " ends with a zero word (not the shortest encoding)");
                    }
                    return BitSet.valueOf(words);
                }
                case TypeIds.STRING_BUILDER:
                    return new StringBuilder(LeafContent.text(in, "StringBuilder"));
                case TypeIds.STRING_BUFFER:
                    return new StringBuffer(LeafContent.text(in, "StringBuffer"));
                case TypeIds.ATOMIC_INTEGER:
                    return new AtomicInteger(in.readVarInt());
                case TypeIds.ATOMIC_LONG:
                    return new AtomicLong(in.readVarLong());
                case TypeIds.ATOMIC_BOOLEAN:
                    return new AtomicBoolean(in.readBoolean());
                case TypeIds.CHARSET:
                    return readCharset(in);
                case TypeIds.CLASS:
                    return readClass(in, 0);
                default:
                    throw new IllegalStateException("no built-in utility type has id " + id);
            }
        }
    }

    /**
     * Form 0, the BCP 47 tag, whenever {@link #fromTag} rebuilds an equal locale from it (every locale made by
     * {@code Locale.Builder}, {@code forLanguageTag} or the constants); otherwise form 1, the language, country
     * and variant the legacy constructor takes ({@code new Locale("e1")}, {@code new Locale("no", "NO", "NY")}),
     * if that rebuilds it. A locale neither rebuilds (only Java serialization makes one) is refused.
     */
    private static void writeLocale(WriteBuffer out, Locale l) {
        String tag = l.toLanguageTag();
        if (l.equals(fromTag(tag))) {
            out.writeByte(LOCALE_TAG);
            out.writeString(tag);
        } else if (l.equals(new Locale(l.getLanguage(), l.getCountry(), l.getVariant()))) {
            out.writeByte(LOCALE_TRIPLE);
            out.writeString(l.getLanguage());
            out.writeString(l.getCountry());
            out.writeString(l.getVariant());
        } else {
            throw new BlitException("cannot write Locale " + l + ": neither its language tag nor its language, country"
                    + " and variant rebuild it");
        }
    }

    /** @return the locale of a well-formed tag, or null for an ill-formed one */
    static Locale fromTag(String tag) {
        try {
            return new Locale.Builder().setLanguageTag(tag).build();
        } catch (IllformedLocaleException e) {
            return null;
        }
    }

    private static Locale readLocale(ReadBuffer in) {
        long at = in.offset();
        int form = in.readByte() & 0xFF;
        if (form == LOCALE_TAG) {
            String tag = LeafContent.text(in, "Locale");
            Locale l = fromTag(tag);
            if (l == null) {
                throw new BlitException("ill-formed Locale language tag " + quoted(tag) + " at offset " + at);
            }
            return l;
        }
        if (form == LOCALE_TRIPLE) {
            String language = LeafContent.text(in, "Locale");
            String country = LeafContent.text(in, "Locale");
            return new Locale(language, country, LeafContent.text(in, "Locale"));
        }
        throw new BlitException("unknown Locale form " + form + " at offset " + at + " (0: language tag, 1: language,"
                + " country, variant)");
    }

    /**
     * A charset by its canonical name (an alias would be a second encoding of the same value). Never through
     * {@code Charset.forName}: for a name the JDK does not know, that searches the class path's charset
     * providers, about 0.35 ms a name here (measured), which a stream of ten-byte hostile messages would
     * multiply. The six charsets every JDK has are looked up at once; any other name in the map of the JVM's
     * charsets, listed once, on first need ({@link AvailableCharsets}).
     */
    private static Charset readCharset(ReadBuffer in) {
        long at = in.offset();
        String name = LeafContent.text(in, "Charset");
        Charset cs = STANDARD_CHARSETS.get(name);
        if (cs == null) {
            cs = AvailableCharsets.BY_NAME.get(name);
        }
        if (cs == null) {
            String canonical = AvailableCharsets.CANONICAL.get(name.toLowerCase(Locale.ROOT));
            throw new BlitException(canonical == null ? "unsupported Charset " + quoted(name) + " at offset " + at
                    : "Charset name " + quoted(name) + " at offset " + at + " is an alias of " + canonical
                    + ", whose canonical name is what is written");
        }
        return cs;
    }

    private static final Map<String, Charset> STANDARD_CHARSETS = Map.of(
            StandardCharsets.UTF_8.name(), StandardCharsets.UTF_8,
            StandardCharsets.ISO_8859_1.name(), StandardCharsets.ISO_8859_1,
            StandardCharsets.US_ASCII.name(), StandardCharsets.US_ASCII,
            StandardCharsets.UTF_16.name(), StandardCharsets.UTF_16,
            StandardCharsets.UTF_16BE.name(), StandardCharsets.UTF_16BE,
            StandardCharsets.UTF_16LE.name(), StandardCharsets.UTF_16LE);

    /**
     * Every charset of this JVM ({@code Charset.availableCharsets()}, which loads them all: about 80 ms, once,
     * when a Charset other than the six standard ones is first read), by canonical name, and every spelling
     * {@code Charset.forName} accepts, names and aliases in lower case, to the canonical name.
     */
    private static final class AvailableCharsets {
        /** A hash map: the JDK's sorted map ignores case ("utf-8" finds UTF-8), and is slower. */
        static final Map<String, Charset> BY_NAME = list();
        static final Map<String, String> CANONICAL = spellings();

        /**
         * The JVM's charsets, or none beyond the six standard ones if listing them fails (a charset provider of
         * the application's that throws): a read must end in a BlitException, never in this class's failure.
         */
        private static Map<String, Charset> list() {
            try {
                return Map.copyOf(Charset.availableCharsets());
            } catch (RuntimeException | java.util.ServiceConfigurationError e) {
                return Map.of();
            }
        }

        private static Map<String, String> spellings() {
            Map<String, String> m = new HashMap<>();
            for (Charset cs : BY_NAME.values()) {
                m.put(cs.name().toLowerCase(Locale.ROOT), cs.name());
                for (String alias : cs.aliases()) {
                    m.putIfAbsent(alias.toLowerCase(Locale.ROOT), cs.name());
                }
            }
            return m;
        }
    }

    /** The primitive types by their code after {@link TypeIds#EXT_PRIMITIVE_CLASS}. */
    private static final java.util.List<Class<?>> PRIMITIVES = java.util.List.of(boolean.class, byte.class, short.class,
            char.class, int.class, long.class, float.class, double.class, void.class);

    /** Array dimensions a {@code Class} value may nest, as for a typed array's descriptor ({@code ReadSession}). */
    private static final int MAX_CLASS_DIMENSIONS = 200;

    /**
     * A {@code Class} is a type descriptor (FORMAT.md, id 98): the id this instance writes its values under, for a
     * class with an id of its own (registered, or built in); for an array of references, 21 and its component's
     * descriptor; for an extended built-in that can be an array's component ({@code Path}, {@code URL},
     * {@code TimeUnit}, ...), 99 and its extended id; for a class written by name, 99, 43 and its class reference;
     * for a primitive type, 99, 47 and its code. Only what reads back as the same class: not a class that shares
     * its id with others (the JDK's several immutable list classes, {@code UnixPath} under {@code Path}, an enum
     * constant's body).
     */
    private static void writeClass(WriteBuffer out, Class<?> value) {
        writeClass(out, value, value, 0);
    }

    /**
     * @param c      {@code value}, or the component of {@code value}'s array type being written
     * @param arrays how many {@code 21}s the descriptor has so far: past {@link #MAX_CLASS_DIMENSIONS} it is refused,
     *               as every reader would refuse it
     */
    private static void writeClass(WriteBuffer out, Class<?> c, Class<?> value, int arrays) {
        WriteSession session = WriteSession.of(out);
        Registry registry = session.registry();
        Registration r = c.isPrimitive() ? null : registry.find(c);
        if (c.isPrimitive()) {
            out.writeUnsignedVarInt(TypeIds.EXTENDED);
            out.writeUnsignedVarInt(TypeIds.EXT_PRIMITIVE_CLASS);
            out.writeByte(PRIMITIVES.indexOf(c));
        } else if (r != null && r.type == c && registry.forId(r.id) == r) {
            out.writeUnsignedVarInt(r.id);
        } else if (c.isArray() && !c.getComponentType().isPrimitive()) {
            if (arrays >= MAX_CLASS_DIMENSIONS) {
                Class<?> base = value;
                int dimensions = 0;
                for (; base.isArray(); base = base.getComponentType()) {
                    dimensions++;
                }
                throw new BlitException("cannot write the Class of a " + dimensions + "-dimensional array of "
                        + base.getName() + ": its type descriptor would nest more than " + MAX_CLASS_DIMENSIONS
                        + " array types, which no reader takes (FORMAT.md, id 98)");
            }
            out.writeUnsignedVarInt(TypeIds.TYPED_ARRAY);
            writeClass(out, c.getComponentType(), value, arrays + 1);
        } else if (!c.isPrimitive() && BuiltinTypes.extendedIdOf(c) >= 0 && BuiltinTypes.extendedClass(BuiltinTypes.extendedIdOf(c)) == c) {
            out.writeUnsignedVarInt(TypeIds.EXTENDED);
            out.writeUnsignedVarInt(BuiltinTypes.extendedIdOf(c));
        } else if (r != null && r.type == c && NamedClasses.isNamed(r)) {
            session.writeType(out, c); // 99, 43, its class reference
        } else {
            throw new BlitException("cannot write Class " + value.getTypeName() + (c == value ? "" : " (its component "
                    + c.getName() + ")") + ": a Class value is a class with a type id of its"
                    + " own (registered, or built in), an array of such classes, an extended built-in that can be an array's"
                    + " component, or a class written by name" + (r == null && !c.isHidden()
                    && c.getClassLoader() != null && !c.isAnonymousClass() ? "; add Blit.builder().register("
                    + Registry.sourceName(c) + ".class, id) with an id >= " + TypeIds.FIRST_USER_ID : ""));
        }
    }

    /**
     * The class a type descriptor names, if it is the one a writer gives for it: for a plain id, the class of a
     * known id that is the id it is written under (no other encoding of the same class: id 2, FALSE, is Boolean's
     * too; a built-in taken over by a user's registration is written under the user's id). Reading one never
     * initializes a class, and loads one by name only as a class written by name, through the allowlist.
     */
    private static Class<?> readClass(ReadBuffer in, int dimensions) {
        long at = in.offset();
        int id = in.readUnsignedVarInt();
        ReadSession session = ReadSession.of(in);
        if (id == TypeIds.TYPED_ARRAY) {
            if (dimensions >= MAX_CLASS_DIMENSIONS) {
                throw new BlitException("Class value at offset " + at + ": an array type nested more than "
                        + MAX_CLASS_DIMENSIONS + " levels");
            }
            return java.lang.reflect.Array.newInstance(readClass(in, dimensions + 1), 0).getClass();
        }
        if (id == TypeIds.EXTENDED) {
            int ext = in.readUnsignedVarInt();
            if (ext == TypeIds.EXT_NAMED_CLASS) {
                return session.readNamedClass(in).type;
            }
            if (ext == TypeIds.EXT_PRIMITIVE_CLASS) {
                long codeAt = in.offset();
                int code = in.readByte() & 0xFF;
                if (dimensions > 0 || code >= PRIMITIVES.size()) {
                    throw new BlitException("Class value at offset " + (dimensions > 0 ? at + ": a primitive type as an"
                            + " array's component (the primitive arrays have ids of their own)" : codeAt + ": primitive type "
                            + code + " (0..8 are boolean, byte, short, char, int, long, float, double, void)"));
                }
                return PRIMITIVES.get(code);
            }
            Class<?> c = BuiltinTypes.extendedClass(ext);
            if (c == null) {
                throw new BlitException("Class value at offset " + at + " names extended id " + Integer.toUnsignedString(ext)
                        + ", under which no Class is written");
            }
            return c;
        }
        Registry registry = session.registry();
        Registration r = registry.forId(id);
        if (r == null && session.standsIn(id)) {
            return Object.class;
        }
        if (r == null || registry.find(r.type) != r) {
            throw new BlitException("Class value at offset " + at + " names id " + Integer.toUnsignedString(id)
                    + (r == null ? ", which this Blit instance does not know" : ", under which " + r.type.getName()
                    + " is not written"));
        }
        return r.type;
    }

    /** Text for messages: quoted, and cut short, since it may come from untrusted bytes. */
    static String quoted(String s) {
        return "\"" + (s.length() > 80 ? s.substring(0, 80) + "..." : s) + "\"";
    }
}

package dev.blit.gen;

import dev.blit.Blit;
import dev.blit.BlitException;
import dev.blit.gen.ClassModel.Strategy;
import dev.blit.gen.Fixtures.Account;
import dev.blit.gen.Fixtures.Savings;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Classes with final fields and no constructor that takes every field: a constructor that takes every final
 * field (and perhaps some others) builds them, and the remaining fields are set after it, as a
 * no-argument constructor's fields are. Generated code and the reflective serializer both, with the same
 * bytes; flat classes in dev.blit.flat's tests.
 */
class PartialConstructionTest {

    /** The same fields as {@link Account}, all mutable: a writer whose bytes the reader's constructor checks. */
    static final class AccountData {
        long id;
        String owner;
        double balance;
        List<String> tags;
    }

    /** {@link Account} in an older release without its owner (compatible mode). */
    static final class AccountWithoutOwner {
        long id;
        double balance;
    }

    /** {@link Account} in an older release without its id (compatible mode). */
    static final class AccountWithoutId {
        String owner;
    }

    /** Two final fields; the only constructor takes one of them. */
    static final class HalfFinal {
        private final int a;
        private final int b;
        int c;

        HalfFinal(int a) {
            this.a = a;
            this.b = 1;
        }
    }

    /** Built through its constructor, so it cannot be the target of a back reference from its own field. */
    static final class Linked {
        private final long id;
        Object next;

        Linked(long id) {
            this.id = id;
        }
    }

    /** More fields than one chunk of generated read code holds (SerializerGenerator.CHUNK), one of them final. */
    static final class Wide {
        private final long id;
        int f00, f01, f02, f03, f04, f05, f06, f07, f08, f09, f10, f11, f12, f13, f14, f15, f16, f17, f18, f19;
        String s00, s01, s02, s03, s04, s05, s06, s07, s08, s09, s10, s11, s12, s13, s14, s15, s16, s17, s18, s19;
        long g00, g01, g02, g03, g04, g05, g06, g07, g08, g09;

        Wide(long id) {
            this.id = id;
        }
    }

    @Test
    void theConstructorWithTheMostParametersThatTakesEveryFinalFieldBuildsTheClass() {
        ClassModel account = ClassModel.of(Account.class, null);
        assertEquals(Strategy.CONSTRUCTOR, account.strategy());
        // fields (id, balance, owner, tags) are in canonical order: (balance, id, owner, tags)
        assertEquals(List.of("balance", "id", "owner", "tags"), GeneratedSerializerTest.fieldNames(Account.class));
        assertArrayEquals(new int[]{1}, account.arguments());
        assertEquals(List.of(true, false, true, true), settable(account));

        ClassModel savings = ClassModel.of(Savings.class, null);
        assertEquals(Strategy.CONSTRUCTOR, savings.strategy());
        assertEquals(List.of("baseId", "label", "x", "iban", "rate", "x"), GeneratedSerializerTest.fieldNames(Savings.class));
        assertArrayEquals(new int[]{3, 4}, savings.arguments(), "Savings(String iban, double rate), not Savings(String)");
        assertEquals(List.of(true, true, true, false, false, true), settable(savings));
    }

    @Test
    void theFieldsTheConstructorDoesNotTakeAreSetAfterIt() {
        Account a = new Account(5);
        a.owner = null; // the constructor sets "nobody": the value read must replace it
        a.balance = 12.5;
        a.tags = new ArrayList<>(List.of("x"));
        Savings s = Savings.sample();
        for (Blit.Builder b : List.of(TestBlits.generated(), TestBlits.reflective())) {
            for (boolean refs : new boolean[]{false, true}) {
                Blit blit = b.references(refs).build();
                Account back = blit.fromBytes(blit.toBytes(a), Account.class);
                assertEquals(a, back);
                assertEquals(null, back.owner);
                assertEquals(s, blit.fromBytes(blit.toBytes(s), Savings.class));
                List<Account> shared = List.of(a, a, a, a); // a run, and with references on back references
                List<?> four = (List<?>) blit.fromBytes(blit.toBytes(shared));
                assertEquals(shared, four);
                assertEquals(refs, four.get(0) == four.get(3));
            }
        }
    }

    @Test
    void theConstructorsOwnChecksRunOnRead() {
        Blit writer = Blit.builder().register(AccountData.class, 100).build();
        AccountData hostile = new AccountData();
        hostile.id = -7;
        byte[] bytes = writer.toBytes(hostile);
        for (Blit reader : readers()) {
            BlitException e = assertThrows(BlitException.class, () -> reader.fromBytes(bytes));
            assertTrue(e.getMessage().contains("negative id -7") && e.getMessage().contains("offset 1"), e.getMessage());
        }
        AccountData fine = new AccountData();
        fine.id = 7;
        fine.owner = "ann";
        for (Blit reader : readers()) {
            Account back = reader.fromBytes(writer.toBytes(fine), Account.class);
            assertEquals(7, back.id());
            assertEquals("ann", back.owner);
        }
    }

    /** {@link Account} under id 100, through generated code and through the reflective serializer. */
    private static Blit[] readers() {
        return new Blit[]{Blit.builder().register(Account.class, 100).build(),
                Blit.builder().register(Account.class, 100,
                        new ReflectiveSerializer(ClassModel.of(Account.class, null))).build()};
    }

    @Test
    void inCompatibleModeAFieldTheWriterLackedKeepsWhatTheConstructorGaveIt() {
        Blit reader = Blit.builder().compatible(true).register(Account.class, 100).build();
        AccountWithoutOwner old = new AccountWithoutOwner();
        old.id = 3;
        old.balance = 9.5;
        Account a = reader.fromBytes(Blit.builder().compatible(true).register(AccountWithoutOwner.class, 100).build()
                .toBytes(old), Account.class);
        assertEquals(3, a.id());
        assertEquals(9.5, a.balance);
        assertEquals("nobody", a.owner, "the constructor's owner stays: the writer had none");
        AccountWithoutId older = new AccountWithoutId();
        older.owner = null;
        Account b = reader.fromBytes(Blit.builder().compatible(true).register(AccountWithoutId.class, 100).build()
                .toBytes(older), Account.class);
        assertEquals(0, b.id(), "a final field the writer lacked is its zero, passed to the constructor");
        assertEquals(null, b.owner, "a field the writer had is set, even to null");
        Account same = new Account(4);
        same.tags = List.of("t");
        assertEquals(same, reader.fromBytes(reader.toBytes(same)));
    }

    @Test
    void aFinalFieldNoConstructorTakesIsRefusedByName() {
        BlitException e = assertThrows(BlitException.class, () -> Blit.builder().register(HalfFinal.class, 100).build());
        assertTrue(e.getMessage().contains("at least its final ones (int a, int b)"), e.getMessage());
    }

    @Test
    void aCycleThroughAConstructedObjectIsRefusedNotRestoredWrongly() {
        Linked loop = new Linked(1);
        loop.next = loop;
        Blit blit = Blit.builder().references(true).register(Linked.class, 100).build();
        BlitException e = assertThrows(BlitException.class, () -> blit.toBytes(loop));
        assertTrue(e.getMessage().contains("cannot write a back reference to the " + Linked.class.getName()), e.getMessage());
        byte[] bytes = Fixtures.backReferenceToTheFirstInPlaceOfTheLastNull(blit.toBytes(new Linked(1)));
        e = assertThrows(BlitException.class, () -> blit.fromBytes(bytes));
        assertTrue(e.getMessage().contains("still being constructed"), e.getMessage());
        Linked chain = new Linked(1);
        chain.next = new Linked(2);
        Linked back = blit.fromBytes(blit.toBytes(chain), Linked.class);
        assertEquals(2, ((Linked) back.next).id);
    }

    @Test
    void aClassWiderThanOneChunkOfGeneratedCodeIsSetAfterItsConstructorToo() throws Exception {
        Wide w = new Wide(99);
        int i = 0;
        for (Field f : Wide.class.getDeclaredFields()) {
            if (f.getType() == int.class) {
                f.setInt(w, ++i);
            } else if (f.getType() == long.class && !f.getName().equals("id")) {
                f.setLong(w, -(++i));
            } else if (f.getType() == String.class) {
                f.set(w, "s" + (++i));
            }
        }
        assertTrue(ClassModel.of(Wide.class, null).properties().size() > SerializerGenerator.CHUNK);
        Blit generated = Blit.builder().register(Wide.class, 100).build();
        Blit reflective = Blit.builder().register(Wide.class, 100,
                new ReflectiveSerializer(ClassModel.of(Wide.class, null))).build();
        byte[] bytes = generated.toBytes(w);
        assertArrayEquals(reflective.toBytes(w), bytes);
        for (Blit reader : new Blit[]{generated, reflective}) {
            Wide back = reader.fromBytes(bytes, Wide.class);
            assertNotSame(w, back);
            for (Field f : Wide.class.getDeclaredFields()) {
                assertEquals(f.get(w), f.get(back), f.getName());
            }
        }
    }

    private static List<Boolean> settable(ClassModel m) {
        List<Boolean> out = new ArrayList<>();
        for (ClassModel.Property p : m.properties()) {
            out.add(p.settable);
        }
        return out;
    }
}

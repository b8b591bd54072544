package dev.blit.gen;

import dev.blit.Blit;
import dev.blit.BlitException;
import dev.blit.gen.Fixtures.Customer;
import dev.blit.gen.Fixtures.Holder;
import dev.blit.gen.Fixtures.Node;
import dev.blit.gen.Fixtures.Order;
import dev.blit.gen.Fixtures.OrderLine;
import dev.blit.gen.Fixtures.Point;
import dev.blit.gen.Fixtures.Segment;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ReferenceGraphTest {
    private static final Blit REFS = TestBlits.generated().references(true).build();
    private static final Blit NO_REFS = TestBlits.generated().build();

    private static Order order() {
        Order o = new Order(42);
        Customer shared = new Customer("ann");
        o.customer = shared;
        o.add("apple", 1);
        o.add("pear", 2);
        return o;
    }

    @Test
    void linesPointingBackAtTheirOrderComeBackPointingAtTheSameOrder() {
        Order back = REFS.fromBytes(REFS.toBytes(order()), Order.class);
        assertEquals(42, back.id);
        assertEquals(2, back.lines.size());
        for (OrderLine line : back.lines) {
            assertSame(back, line.order);
        }
        assertEquals("pear", back.lines.get(1).sku);
        assertEquals(2, back.lines.get(1).quantity);
    }

    @Test
    void anObjectReferencedTwiceComesBackAsOneInstance() {
        Order a = new Order(1);
        Order b = new Order(2);
        Customer c = new Customer("shared");
        a.customer = c;
        b.customer = c;
        Object[] both = {a, b};
        Object[] back = (Object[]) REFS.fromBytes(REFS.toBytes(both));
        assertSame(((Order) back[0]).customer, ((Order) back[1]).customer);
        Object[] copies = (Object[]) NO_REFS.fromBytes(NO_REFS.toBytes(both));
        assertNotSame(((Order) copies[0]).customer, ((Order) copies[1]).customer);
        assertEquals("shared", ((Order) copies[1]).customer.name);
    }

    @Test
    void aSharedRecordIsWrittenOnceWithReferencesOn() {
        Point p = new Point(5, 6);
        Segment s = new Segment(p, p, null);
        Segment back = REFS.fromBytes(REFS.toBytes(s), Segment.class);
        assertSame(back.from(), back.to());
        // Segment tag, Point (3 bytes), back reference 01 01 (the Segment is #0, the Point #1), null
        assertEquals(1 + 3 + 2 + 1, REFS.toBytes(s).length);
    }

    @Test
    void aCycleWithReferencesOffIsABlitExceptionNotAStackOverflow() {
        BlitException e = assertThrows(BlitException.class, () -> NO_REFS.toBytes(order()));
        assertTrue(e.getMessage().contains("maxDepth"), e.getMessage());
        Node loop = new Node(1, null);
        loop.next = loop;
        assertThrows(BlitException.class, () -> NO_REFS.toBytes(loop));
    }

    @Test
    void aCycleThroughARecordIsRefusedOnWriteAndOnReadWithABlitException() {
        Object[] items = new Object[1];
        Holder h = new Holder(items);
        items[0] = h;
        // The writer refuses it: bytes no reader could take back would be lost data in a file or log.
        BlitException e = assertThrows(BlitException.class, () -> REFS.toBytes(h));
        assertTrue(e.getMessage().startsWith("cannot write a back reference to the " + Holder.class.getName()
                + " being written (object #0), from inside it"), e.getMessage());
        assertThrows(BlitException.class, () -> REFS.copy(h));
        // Shared, not cyclic, is fine: a record reached twice from outside itself.
        Object[] twice = (Object[]) REFS.fromBytes(REFS.toBytes(new Object[]{new Holder(null), null}));
        assertNull(twice[1]);
        Holder shared = new Holder(new Object[0]);
        Object[] pair = (Object[]) REFS.fromBytes(REFS.toBytes(new Object[]{shared, shared}));
        assertSame(pair[0], pair[1]);
        // A reader refuses such bytes from elsewhere.
        byte[] bytes = Fixtures.backReferenceToTheFirstInPlaceOfTheLastNull(REFS.toBytes(new Holder(new Object[1])));
        e = assertThrows(BlitException.class, () -> REFS.fromBytes(bytes));
        assertTrue(e.getMessage().contains("still being constructed"), e.getMessage());
    }

    public static class Box {
        public Object value;
    }

    /** Reads as it should, but says its values take no part in reference tracking. */
    public static class UntrackedBox implements dev.blit.Serializer<Box> {
        @Override
        public void write(dev.blit.buffer.WriteBuffer out, Box b) {
            out.writeObject(b.value);
        }

        @Override
        public Box read(dev.blit.buffer.ReadBuffer in) {
            Box b = new Box();
            in.reference(b);
            b.value = in.readObject();
            return b;
        }

        @Override
        public boolean tracksReferences() {
            return false;
        }
    }

    /** Tracked, but its read makes the box only after its part, and never calls in.reference. */
    public static class BoxWithoutReference implements dev.blit.Serializer<Box> {
        @Override
        public void write(dev.blit.buffer.WriteBuffer out, Box b) {
            out.writeObject(b.value);
        }

        @Override
        public Box read(dev.blit.buffer.ReadBuffer in) {
            Object value = in.readObject();
            Box b = new Box();
            b.value = value;
            return b;
        }
    }

    /**
     * With references on, a cycle that never ends runs through values whose Serializer does not track references:
     * the message says so, not to turn on the references that are on.
     */
    @Test
    void aCycleThroughUntrackedValuesIsNamedAsSuch() {
        // a small maxDepth: the limit, not the thread's stack, ends the cycle
        Blit untracked = Blit.builder().references(true).maxDepth(100).register(Box.class, 100, new UntrackedBox()).build();
        Box loop = new Box();
        loop.value = loop;
        for (BlitException e : java.util.List.of(assertThrows(BlitException.class, () -> untracked.toBytes(loop)),
                assertThrows(BlitException.class, () -> untracked.copy(loop)))) {
            assertTrue(e.getMessage().contains("references are on, but the Serializer of " + Box.class.getName()
                    + " does not track references (its tracksReferences() is false)"), e.getMessage());
            assertTrue(!e.getMessage().contains("needs references(true)"), e.getMessage());
        }
    }

    /** A reader that meets a back reference to a value its Serializer has not published yet names that cause. */
    @Test
    void aBackReferenceToAValueItsSerializerDidNotPublishNamesThatCause() {
        Box loop = new Box();
        loop.value = loop;
        Blit unpublished = Blit.builder().references(true).register(Box.class, 100, new BoxWithoutReference()).build();
        byte[] bytes = unpublished.toBytes(loop); // 64 01 00: the box, a back reference to itself
        BlitException e = assertThrows(BlitException.class, () -> unpublished.fromBytes(bytes));
        assertTrue(e.getMessage().contains("back reference at offset 1 to object #0, which is still being constructed")
                && e.getMessage().contains("a value whose Serializer reads its parts before calling in.reference(obj)"),
                e.getMessage());
    }

    @Test
    void aSelfReferencingNodeComesBackAsACycle() {
        Node loop = new Node(1, null);
        loop.next = loop;
        Node back = REFS.fromBytes(REFS.toBytes(loop), Node.class);
        assertSame(back, back.next);
    }

    @Test
    void aLinkedListOfAThousandNodesRoundTripsWithReferencesOnAndOff() {
        Node head = null;
        for (int i = 999; i >= 0; i--) {
            head = new Node(i, head);
        }
        for (Blit blit : new Blit[]{REFS, NO_REFS}) {
            Node n = blit.fromBytes(blit.toBytes(head), Node.class);
            for (int i = 0; i < 1000; i++) {
                assertEquals(i, n.value);
                n = n.next;
            }
            assertNull(n);
        }
    }

    @Test
    void aGraphDeeperThanMaxDepthIsABlitExceptionOnWriteAndOnRead() {
        Node head = null;
        for (int i = 0; i < 20; i++) {
            head = new Node(i, head);
        }
        Blit shallow = TestBlits.generated().maxDepth(10).build();
        Node h = head;
        BlitException e = assertThrows(BlitException.class, () -> shallow.toBytes(h));
        assertTrue(e.getMessage().contains("maxDepth"), e.getMessage());
        byte[] deep = NO_REFS.toBytes(head);
        BlitException r = assertThrows(BlitException.class, () -> shallow.fromBytes(deep));
        assertTrue(r.getMessage().contains("offset"), r.getMessage());
    }
}

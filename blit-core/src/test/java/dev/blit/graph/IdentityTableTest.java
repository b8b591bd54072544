package dev.blit.graph;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class IdentityTableTest {

    @Test
    void anObjectSeenAgainGetsItsFirstIndexAlsoWhenItIsTheLastOneFoundAgain() {
        IdentityTable t = new IdentityTable();
        Object parent = new Object();
        assertEquals(-1, t.putIfAbsent(parent));
        for (int i = 0; i < 100; i++) {
            assertEquals(-1, t.putIfAbsent(new Object()), "child " + i + " is new");
            assertEquals(0, t.putIfAbsent(parent), "child " + i + " points back at the parent");
        }
        assertEquals(101, t.size());
    }

    @Test
    void indexOfFindsWhatWasRecordedAndRecordsNothing() {
        IdentityTable t = new IdentityTable();
        List<Object> objects = new ArrayList<>();
        for (int i = 0; i < 200; i++) { // past several rehashes
            Object o = new Object();
            objects.add(o);
            assertEquals(-1, t.indexOf(o));
            t.putIfAbsent(o);
        }
        for (int i = 0; i < objects.size(); i++) {
            assertEquals(i, t.indexOf(objects.get(i)));
        }
        assertEquals(-1, t.indexOf(new Object()));
        assertEquals(200, t.size());
    }

    @Test
    void equalButDistinctObjectsAreDifferentEntries() {
        IdentityTable t = new IdentityTable();
        String a = new String("same");
        String b = new String("same");
        assertEquals(-1, t.putIfAbsent(a));
        assertEquals(0, t.putIfAbsent(a));
        assertEquals(-1, t.putIfAbsent(b), "equal, not identical: a new entry even right after a was found again");
        assertEquals(1, t.putIfAbsent(b));
        assertEquals(0, t.putIfAbsent(a));
    }

    @Test
    void clearForgetsEveryObjectIncludingTheLastOneFoundAgain() {
        IdentityTable t = new IdentityTable();
        Object first = new Object();
        Object parent = new Object();
        t.putIfAbsent(first);
        t.putIfAbsent(parent);
        assertEquals(1, t.putIfAbsent(parent));
        t.clear();
        assertEquals(0, t.size());
        assertEquals(-1, t.putIfAbsent(parent), "a new message: the parent is new again");
        assertEquals(0, t.putIfAbsent(parent), "and now has index 0");
    }

    @Test
    void indicesSurviveGrowth() {
        IdentityTable t = new IdentityTable();
        List<Object> objects = new ArrayList<>();
        for (int i = 0; i < 5_000; i++) {
            Object o = new Object();
            objects.add(o);
            assertEquals(-1, t.putIfAbsent(o));
            if (i % 7 == 0) {
                assertEquals(i / 2, t.putIfAbsent(objects.get(i / 2)), "an earlier object, found again while growing");
            }
        }
        for (int i = 0; i < objects.size(); i++) {
            assertEquals(i, t.putIfAbsent(objects.get(i)));
        }
    }
}

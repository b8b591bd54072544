package dev.blit.types;

import java.nio.charset.Charset;
import java.nio.charset.spi.CharsetProvider;
import java.util.Collections;
import java.util.Iterator;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A charset provider on the test class path (META-INF/services) that provides nothing and counts how often the
 * JDK asks it for a name: {@code Charset.forName} of a name the JDK does not know asks every such provider,
 * searching the class path each time, which is what Blit's Charset reader must not do for hostile names.
 */
public final class CountingCharsetProvider extends CharsetProvider {
    static final AtomicInteger LOOKUPS = new AtomicInteger();

    @Override
    public Iterator<Charset> charsets() {
        return Collections.emptyIterator();
    }

    @Override
    public Charset charsetForName(String charsetName) {
        LOOKUPS.incrementAndGet();
        return null;
    }
}

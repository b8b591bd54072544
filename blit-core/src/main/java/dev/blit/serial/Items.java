package dev.blit.serial;

/**
 * The item headers of a section (what one class's {@code writeObject}, or an {@code writeExternal},
 * wrote), each a {@code uvar}. See FORMAT.md ("Classes serialized through their java.io hooks").
 */
final class Items {
    /** End of the section. */
    static final int END = 0;
    /** A tagged value follows (writeObject, writeUnshared). */
    static final int OBJECT = 1;
    /** The class's serializable fields follow (defaultWriteObject, writeFields). */
    static final int FIELDS = 2;
    /** Headers from here on: {@code h - FIRST_BLOCK + 1} bytes of primitive data follow. */
    static final int FIRST_BLOCK = 3;

    private Items() {
    }
}

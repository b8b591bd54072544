package dev.blit.types;

import dev.blit.BlitException;
import dev.blit.buffer.ReadBuffer;
import dev.blit.buffer.WriteBuffer;

import java.util.Objects;

/**
 * The encoding of one {@link StackTraceElement} (FORMAT.md, "Throwables"): a flags byte, then only what the flags
 * do not say. Most frames of a stack trace come from the same class loader and module as the frame before, and
 * name their file after their class, so the flags save most of a frame's strings. Shared by an exception's stack
 * trace and by a frame on its own (extended id 37), which has no frame before it.
 */
public final class StackFrames {
    /** The fewest bytes a frame takes: its flags, a method name and a line number. */
    public static final int MIN_BYTES = 3;
    /** Flag: class loader name, module name and version as in the frame before (none follows). */
    private static final int SAME_ORIGIN = 1;
    /** Flag: the class name of the frame before (none follows). */
    private static final int SAME_CLASS = 2;
    /** Flag: the file name is the class's source file name, {@link #sourceFile} (none follows). */
    private static final int SOURCE_FILE = 4;

    private StackFrames() {
    }

    /**
     * @param out      the buffer
     * @param e        the frame
     * @param previous the frame before it in its stack trace, or null
     */
    public static void write(WriteBuffer out, StackTraceElement e, StackTraceElement previous) {
        boolean sameOrigin = previous != null && Objects.equals(e.getClassLoaderName(), previous.getClassLoaderName())
                && Objects.equals(e.getModuleName(), previous.getModuleName())
                && Objects.equals(e.getModuleVersion(), previous.getModuleVersion());
        boolean sameClass = previous != null && e.getClassName().equals(previous.getClassName());
        boolean sourceFile = isSourceFile(e.getFileName(), e.getClassName());
        out.writeByte((sameOrigin ? SAME_ORIGIN : 0) | (sameClass ? SAME_CLASS : 0) | (sourceFile ? SOURCE_FILE : 0));
        if (!sameOrigin) {
            out.writeString(e.getClassLoaderName());
            out.writeString(e.getModuleName());
            out.writeString(e.getModuleVersion());
        }
        if (!sameClass) {
            out.writeString(e.getClassName());
        }
        out.writeString(e.getMethodName());
        if (!sourceFile) {
            out.writeString(e.getFileName());
        }
        out.writeVarInt(e.getLineNumber());
    }

    /**
     * @param in       the buffer
     * @param what     the frame, for messages ("stack frame 3 of com.shop.OrderRejected")
     * @param previous the frame before it, or null for the first (which cannot refer to one)
     * @return the frame
     * @throws BlitException for flags it does not know, flags that refer to no frame before, and a frame without
     *                       a class or method name, with the frame's offset
     */
    public static StackTraceElement read(ReadBuffer in, String what, StackTraceElement previous) {
        long at = in.offset();
        int flags = in.readByte() & 0xff;
        if ((flags & ~(SAME_ORIGIN | SAME_CLASS | SOURCE_FILE)) != 0 || (previous == null && (flags & (SAME_ORIGIN | SAME_CLASS)) != 0)) {
            throw new BlitException(what + " at offset " + at + " has invalid flags 0x" + Integer.toHexString(flags));
        }
        boolean sameOrigin = (flags & SAME_ORIGIN) != 0;
        String loader = sameOrigin ? previous.getClassLoaderName() : in.readString();
        String module = sameOrigin ? previous.getModuleName() : in.readString();
        String version = sameOrigin ? previous.getModuleVersion() : in.readString();
        String declaring = (flags & SAME_CLASS) != 0 ? previous.getClassName() : in.readString();
        String method = in.readString();
        if (declaring == null || method == null) {
            throw new BlitException(what + " at offset " + at + " has no " + (declaring == null ? "class" : "method") + " name");
        }
        String file = (flags & SOURCE_FILE) != 0 ? sourceFile(declaring) : in.readString();
        int line = in.readVarInt();
        return new StackTraceElement(loader, module, version, declaring, method, file, line);
    }

    /** @return whether {@code file} is {@link #sourceFile}{@code (className)}, without making that string */
    static boolean isSourceFile(String file, String className) {
        if (file == null || !file.endsWith(".java")) {
            return false;
        }
        int start = className.lastIndexOf('.') + 1;
        int dollar = className.indexOf('$', start);
        int length = (dollar < 0 ? className.length() : dollar) - start;
        return file.length() == length + 5 && file.regionMatches(0, className, start, length);
    }

    /**
     * @param className a frame's class name
     * @return the name javac gives its source file: the simple name of its outermost class, plus {@code .java}
     *         ({@code a.b.Outer$Inner} -> {@code Outer.java})
     */
    public static String sourceFile(String className) {
        int start = className.lastIndexOf('.') + 1;
        int dollar = className.indexOf('$', start);
        return className.substring(start, dollar < 0 ? className.length() : dollar) + ".java";
    }
}

package dev.blit;

/**
 * The one exception Blit throws: every failure to encode or decode, from a truncated payload to an
 * unregistered class, ends here.
 *
 * <p>It is unchecked because the caller of {@code toBytes}/{@code fromBytes} can rarely recover in the
 * middle of a value; it is one type because a caller that reads untrusted bytes should need exactly one
 * {@code catch} to be safe. Decoding failures name the byte offset at which the input went wrong, so the
 * message alone is enough to locate the damage with {@code blit dump --hex}.
 */
public class BlitException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** @param message what went wrong, and where */
    public BlitException(String message) {
        super(message);
    }

    /**
     * @param message what went wrong, and where
     * @param cause   the underlying failure (an {@code IOException} from a stream, for example)
     */
    public BlitException(String message, Throwable cause) {
        super(message, cause);
    }
}

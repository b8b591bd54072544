package dev.blit.types;

import dev.blit.BlitException;
import dev.blit.buffer.ReadBuffer;
import dev.blit.buffer.WriteBuffer;

import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.MalformedURLException;
import java.net.Proxy;
import java.net.URL;
import java.net.URLConnection;
import java.net.URLStreamHandler;
import java.net.UnknownHostException;
import java.util.Objects;

/**
 * {@code InetAddress} and {@code InetSocketAddress}, extended ids 3 and 4 (FORMAT.md): as their addresses, host
 * names and ports, never through a name service. Writing takes the host name a value already holds (its
 * {@code toString()}, which looks nothing up; {@code getHostName()} would ask DNS for an address that has none);
 * reading builds the value with {@code InetAddress.getByAddress} and {@code new InetSocketAddress(address, port)}
 * or {@code createUnresolved}, which look nothing up either, so bytes from anywhere never make the reader send a
 * DNS query. A {@code java.net.URL} (extended id 38) would, once read: its {@code hashCode} and {@code equals}
 * resolve its host, so a set of URLs read from untrusted bytes sends the DNS queries the bytes choose (ysoserial's
 * URLDNS chain). So URLs are read with a handler that never resolves ({@link #url}).
 */
final class NetTypes {
    private NetTypes() {
    }

    /** {@code str} host name (null header: none), {@code arr} address (4 or 16 bytes), and for 16 a {@code uvar} scope id + 1 (0: none). */
    static void writeAddress(WriteBuffer out, InetAddress a) {
        String s = a.toString(); // "host/literal", or "/literal" for an address with no host name
        int slash = s.lastIndexOf('/');
        out.writeString(slash > 0 ? s.substring(0, slash) : null);
        byte[] bytes = a.getAddress();
        out.writeByteArray(bytes);
        if (bytes.length == 16) {
            // A scope shows as "%..." in the literal, even a scope id of 0; an interface's becomes its index.
            out.writeUnsignedVarInt(a.getHostAddress().indexOf('%') >= 0 ? ((Inet6Address) a).getScopeId() + 1 : 0);
        }
    }

    static InetAddress readAddress(ReadBuffer in) {
        long at = in.offset();
        String host = in.readString();
        long bytesAt = in.offset();
        byte[] bytes = in.readByteArray();
        if (bytes == null || bytes.length != 4 && bytes.length != 16) {
            throw new BlitException("InetAddress at offset " + at + " has " + (bytes == null ? "no address" : "an address of "
                    + bytes.length + " bytes") + " at offset " + bytesAt + ", not 4 or 16");
        }
        try {
            if (bytes.length == 4) {
                return InetAddress.getByAddress(host, bytes);
            }
            long scopeAt = in.offset();
            int scope = in.readUnsignedVarInt();
            if (scope < 0) {
                throw new BlitException("IPv6 scope id " + Integer.toUnsignedString(scope) + " at offset " + scopeAt
                        + " is out of range");
            }
            return Inet6Address.getByAddress(host, bytes, scope - 1); // -1: no scope
        } catch (UnknownHostException e) {
            throw new BlitException("invalid InetAddress at offset " + at + ": " + e.getMessage(), e);
        }
    }

    /** {@code u8} 0: unresolved, {@code str} host; 1: an address as {@link #writeAddress}; then {@code uvar} port. */
    static void writeSocketAddress(WriteBuffer out, InetSocketAddress a) {
        if (a.isUnresolved()) {
            out.writeByte(0);
            out.writeString(a.getHostString());
        } else {
            out.writeByte(1);
            writeAddress(out, a.getAddress());
        }
        out.writeUnsignedVarInt(a.getPort());
    }

    static InetSocketAddress readSocketAddress(ReadBuffer in) {
        long at = in.offset();
        int form = in.readByte();
        InetAddress address = null;
        String host = null;
        if (form == 0) {
            long hostAt = in.offset();
            host = in.readString();
            if (host == null) {
                throw new BlitException("unresolved InetSocketAddress at offset " + at + " has a null host at offset " + hostAt);
            }
        } else if (form == 1) {
            address = readAddress(in);
        } else {
            throw new BlitException("unknown InetSocketAddress form " + form + " at offset " + at);
        }
        long portAt = in.offset();
        int port = in.readUnsignedVarInt();
        if (port < 0 || port > 0xFFFF) {
            throw new BlitException("InetSocketAddress port " + Integer.toUnsignedString(port) + " at offset " + portAt
                    + " is not in 0..65535");
        }
        return address != null ? new InetSocketAddress(address, port) : InetSocketAddress.createUnresolved(host, port);
    }

    /**
     * The external form a URL is written as, if reading it gives the same URL. A URL made from its parts need not
     * have one: {@code new URL("http", "example.com", -1, "index.html")}, whose file lacks the leading slash, has
     * the form {@code http://example.comindex.html}, the host {@code example.comindex.html} once parsed. So the form
     * is parsed as the reader will ({@code new URL(String)}, asking no name service) and the parts {@code URL.equals}
     * compares are compared (the host by name); a form the JDK cannot parse here (a protocol without a handler) is
     * written, and refused by a reader as before.
     *
     * @param u a URL
     * @return its external form
     * @throws BlitException if the form reads back as a URL with other parts
     */
    static String urlForm(URL u) {
        String form = u.toExternalForm();
        URL parsed;
        try {
            parsed = new URL(form);
        } catch (MalformedURLException e) {
            return form;
        }
        // what URL.equals compares, the host by name (an authority of "" where the form gives none is the same URL)
        if (!Objects.equals(parsed.getProtocol(), u.getProtocol()) || !Objects.equals(parsed.getHost(), u.getHost())
                || parsed.getPort() != u.getPort() || !Objects.equals(parsed.getFile(), u.getFile())
                || !Objects.equals(parsed.getRef(), u.getRef())) {
            throw new BlitException("cannot write URL " + UtilTypes.quoted(form) + " (host " + UtilTypes.quoted(u.getHost())
                    + ", port " + u.getPort() + ", file " + UtilTypes.quoted(u.getFile()) + "): it is written as its external"
                    + " form, which reads back as another URL (host " + UtilTypes.quoted(parsed.getHost()) + ", port "
                    + parsed.getPort() + ", file " + UtilTypes.quoted(parsed.getFile()) + "); make it from text that parses"
                    + " to it (a file starting with \"/\"), or register a Serializer for URLs");
        }
        return form;
    }

    /**
     * A URL read from bytes: parsed by the JDK's handler for its protocol (an unknown protocol, a spec it refuses,
     * is an error), and if it has a host, made again with {@link Unresolved}, whose {@code hashCode} and
     * {@code equals} compare the host by its name, as {@code URI} does, instead of resolving it. Everything else
     * (its parts, its external form, {@code openConnection}, {@code toURI}) is as the JDK's. A URL without a host
     * ({@code file:/x}, {@code jar:file:...!/}) resolves nothing anyway and is the JDK's own.
     *
     * @param spec its external form
     * @param at   the offset of the value, for errors
     * @return the URL
     */
    static URL url(String spec, long at) {
        URL plain;
        try {
            plain = new URL(spec);
        } catch (MalformedURLException e) {
            throw new BlitException("invalid URL at offset " + at + ": " + UtilTypes.quoted(spec) + " (" + e.getMessage() + ")", e);
        }
        String host = plain.getHost();
        if (host == null || host.isEmpty()) {
            return plain;
        }
        URL unresolved;
        try {
            unresolved = new URL(null, spec, new Unresolved(plain.getDefaultPort()));
        } catch (MalformedURLException e) {
            unresolved = null;
        }
        if (unresolved == null || !unresolved.toExternalForm().equals(plain.toExternalForm())) {
            // Only a protocol whose JDK handler parses specs its own way with a host could get here: none of the JDK's.
            throw new BlitException("URL at offset " + at + ": " + UtilTypes.quoted(spec) + " cannot be read without a"
                    + " handler that resolves its host name (register a Serializer for URLs of protocol " + plain.getProtocol() + ")");
        }
        return unresolved;
    }

    /**
     * The handler of URLs Blit reads that have a host: the JDK's generic parsing and comparison, with the host's
     * address never looked up ({@code getHostAddress} gives null, so {@code hashCode} takes the host name and
     * {@code equals} compares host names, ignoring case). Connections go through a URL of the same spec with the
     * JDK's own handler, made when one is opened.
     */
    private static final class Unresolved extends URLStreamHandler {
        private final int defaultPort;

        Unresolved(int defaultPort) {
            this.defaultPort = defaultPort;
        }

        @Override
        protected URLConnection openConnection(URL u) throws java.io.IOException {
            return new URL(u.toExternalForm()).openConnection();
        }

        @Override
        protected URLConnection openConnection(URL u, Proxy p) throws java.io.IOException {
            return new URL(u.toExternalForm()).openConnection(p);
        }

        @Override
        protected int getDefaultPort() {
            return defaultPort;
        }

        @Override
        protected InetAddress getHostAddress(URL u) {
            return null; // what the JDK's handler returns for a host it cannot resolve: the name is compared instead
        }
    }
}

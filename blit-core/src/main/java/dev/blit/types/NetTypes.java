package dev.blit.types;

import dev.blit.BlitException;
import dev.blit.buffer.ReadBuffer;
import dev.blit.buffer.WriteBuffer;

import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;

/**
 * {@code InetAddress} and {@code InetSocketAddress}, extended ids 3 and 4 (FORMAT.md): as their addresses, host
 * names and ports, never through a name service. Writing takes the host name a value already holds (its
 * {@code toString()}, which looks nothing up; {@code getHostName()} would ask DNS for an address that has none);
 * reading builds the value with {@code InetAddress.getByAddress} and {@code new InetSocketAddress(address, port)}
 * or {@code createUnresolved}, which look nothing up either, so bytes from anywhere never make the reader send a
 * DNS query (what rules {@code java.net.URL} out).
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
}

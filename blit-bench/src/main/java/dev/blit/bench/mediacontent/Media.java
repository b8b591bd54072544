package dev.blit.bench.mediacontent;

import java.io.Serializable;
import java.util.List;
import java.util.Objects;

/** The video of {@link MediaContent}; {@code title} and {@code copyright} may be null (copyright is, in the sample). */
public final class Media implements Serializable {
    private static final long serialVersionUID = 1L;

    /** The player the media is for. */
    public enum Player { JAVA, FLASH }

    public String uri;
    public String title;
    public int width;
    public int height;
    public String format;
    public long duration;
    public long size;
    public int bitrate;
    public boolean hasBitrate;
    public List<String> persons;
    public Player player;
    public String copyright;

    public Media() {
    }

    public Media(String uri, String title, int width, int height, String format, long duration, long size, int bitrate,
                 boolean hasBitrate, List<String> persons, Player player, String copyright) {
        this.uri = uri;
        this.title = title;
        this.width = width;
        this.height = height;
        this.format = format;
        this.duration = duration;
        this.size = size;
        this.bitrate = bitrate;
        this.hasBitrate = hasBitrate;
        this.persons = persons;
        this.player = player;
        this.copyright = copyright;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof Media)) {
            return false;
        }
        Media m = (Media) o;
        return Objects.equals(uri, m.uri) && Objects.equals(title, m.title) && width == m.width && height == m.height
                && Objects.equals(format, m.format) && duration == m.duration && size == m.size && bitrate == m.bitrate
                && hasBitrate == m.hasBitrate && Objects.equals(persons, m.persons) && player == m.player
                && Objects.equals(copyright, m.copyright);
    }

    @Override
    public int hashCode() {
        return Objects.hash(uri, width, height, duration);
    }

    @Override
    public String toString() {
        return "Media[" + uri + ", " + title + ", " + width + "x" + height + ", " + format + ", " + duration + ", " + size
                + ", " + bitrate + ", " + hasBitrate + ", " + persons + ", " + player + ", " + copyright + "]";
    }
}

package dev.blit.bench.mediacontent;

import java.io.Serializable;
import java.util.Objects;

/** A picture of {@link MediaContent}; {@code title} may be null. */
public final class Image implements Serializable {
    private static final long serialVersionUID = 1L;

    /** The picture's size class. */
    public enum Size { SMALL, LARGE }

    public String uri;
    public String title;
    public int width;
    public int height;
    public Size size;

    public Image() {
    }

    public Image(String uri, String title, int width, int height, Size size) {
        this.uri = uri;
        this.title = title;
        this.width = width;
        this.height = height;
        this.size = size;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof Image)) {
            return false;
        }
        Image i = (Image) o;
        return Objects.equals(uri, i.uri) && Objects.equals(title, i.title) && width == i.width && height == i.height
                && size == i.size;
    }

    @Override
    public int hashCode() {
        return Objects.hash(uri, width, height);
    }

    @Override
    public String toString() {
        return "Image[" + uri + ", " + title + ", " + width + "x" + height + ", " + size + "]";
    }
}

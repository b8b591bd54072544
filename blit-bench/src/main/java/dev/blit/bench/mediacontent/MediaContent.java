package dev.blit.bench.mediacontent;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The jvm-serializers benchmark model (github.com/eishay/jvm-serializers, {@code data.media}): one {@link Media}
 * and a list of {@link Image}s, filled by {@link #sample()} with the benchmark's standard values. Mutable, with
 * public fields and no-argument constructors, so every peer (Kryo, Fory, Jackson, the JDK) takes it as is.
 */
public final class MediaContent implements Serializable {
    private static final long serialVersionUID = 1L;

    public List<Image> images;
    public Media media;

    public MediaContent() {
    }

    public MediaContent(List<Image> images, Media media) {
        this.images = images;
        this.media = media;
    }

    /** @return the standard sample: the JavaOne keynote video with a large and a small picture */
    public static MediaContent sample() {
        Media media = new Media("http://javaone.com/keynote.mpg", "Javaone Keynote", 640, 480, "video/mpg4",
                18_000_000L, 58_982_400L, 262_144, true, new ArrayList<>(List.of("Bill Gates", "Steve Jobs")),
                Media.Player.JAVA, null);
        List<Image> images = new ArrayList<>(List.of(
                new Image("http://javaone.com/keynote_large.jpg", "Javaone Keynote", 1024, 768, Image.Size.LARGE),
                new Image("http://javaone.com/keynote_small.jpg", "Javaone Keynote", 320, 240, Image.Size.SMALL)));
        return new MediaContent(images, media);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof MediaContent && Objects.equals(images, ((MediaContent) o).images)
                && Objects.equals(media, ((MediaContent) o).media);
    }

    @Override
    public int hashCode() {
        return Objects.hash(images, media);
    }

    @Override
    public String toString() {
        return "MediaContent[" + media + ", " + images + "]";
    }
}

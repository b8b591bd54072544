package dev.blit.bench.compat;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The jvm-serializers benchmark model: one {@link Media} and two {@link Image}s, with the values of its
 * standard sample. Mutable, with no-argument constructors, as Kryo's and Fory's compatible modes want.
 */
public final class MediaContent {
    public Media media;
    public List<Image> images;

    public MediaContent() {
    }

    /** @return the standard sample: a keynote video with two pictures */
    public static MediaContent sample() {
        Media m = new Media();
        m.uri = "http://javaone.com/keynote.mpg";
        m.title = "Javaone Keynote";
        m.width = 640;
        m.height = 480;
        m.format = "video/mpg4";
        m.duration = 18_000_000;
        m.size = 58_982_400;
        m.bitrate = 262_144;
        m.hasBitrate = true;
        m.persons = new ArrayList<>(List.of("Bill Gates", "Steve Jobs"));
        m.player = Media.Player.JAVA;
        m.copyright = null;
        MediaContent c = new MediaContent();
        c.media = m;
        c.images = new ArrayList<>(List.of(
                new Image("http://javaone.com/keynote_large.jpg", "Javaone Keynote", 1024, 768, Image.Size.LARGE),
                new Image("http://javaone.com/keynote_small.jpg", "Javaone Keynote", 320, 240, Image.Size.SMALL)));
        return c;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof MediaContent && Objects.equals(media, ((MediaContent) o).media)
                && Objects.equals(images, ((MediaContent) o).images);
    }

    @Override
    public int hashCode() {
        return Objects.hash(media, images);
    }

    /** The video. */
    public static final class Media {
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

        @Override
        public boolean equals(Object o) {
            if (!(o instanceof Media)) {
                return false;
            }
            Media m = (Media) o;
            return Objects.equals(uri, m.uri) && Objects.equals(title, m.title) && width == m.width && height == m.height
                    && Objects.equals(format, m.format) && duration == m.duration && size == m.size
                    && bitrate == m.bitrate && hasBitrate == m.hasBitrate && Objects.equals(persons, m.persons)
                    && player == m.player && Objects.equals(copyright, m.copyright);
        }

        @Override
        public int hashCode() {
            return Objects.hash(uri, width, height);
        }
    }

    /** A picture. */
    public static final class Image {
        public enum Size { SMALL, LARGE }

        public String uri;
        public String title;
        public int width;
        public int height;
        public Size size;

        public Image() {
        }

        Image(String uri, String title, int width, int height, Size size) {
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
    }
}

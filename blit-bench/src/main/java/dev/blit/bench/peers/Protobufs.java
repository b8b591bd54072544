package dev.blit.bench.peers;

import com.google.protobuf.CodedOutputStream;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.MessageLite;
import dev.blit.bench.mediacontent.Image;
import dev.blit.bench.mediacontent.Media;
import dev.blit.bench.mediacontent.MediaContent;
import dev.blit.bench.proto.BenchProto;
import dev.blit.bench.seed.Seed;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/**
 * protobuf-java with the classes protoc generates from {@code src/main/proto/bench.proto} at build time. Like
 * jvm-serializers' protobuf entry, the benchmark's own objects are converted to messages before writing and
 * messages back to objects after parsing (protobuf cannot write a plain Java class), and both conversions are
 * timed: the writer builds a message and writes it into a reused array, the reader parses and builds a new object.
 */
public final class Protobufs {
    private Protobufs() {
    }

    /** @return the number of bytes written at the start of {@code out} */
    public static int write(MessageLite message, byte[] out) {
        CodedOutputStream cos = CodedOutputStream.newInstance(out);
        try {
            message.writeTo(cos);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return cos.getTotalBytesWritten();
    }

    // ---------------------------------------------------------------- seed

    public static BenchProto.Seed toProto(Seed s) {
        BenchProto.Seed.Builder b = BenchProto.Seed.newBuilder()
                .setSourceId(s.sourceId()).setSpecial(s.special()).setOrderCode(s.orderCode()).setPriority(s.priority());
        for (double p : s.prices()) {
            b.addPrices(p);
        }
        for (long q : s.quantities()) {
            b.addQuantities(q);
        }
        return b.build();
    }

    public static Seed readSeed(byte[] data, int length) {
        BenchProto.Seed m;
        try {
            m = BenchProto.Seed.parser().parseFrom(data, 0, length);
        } catch (InvalidProtocolBufferException e) {
            throw new IllegalStateException(e);
        }
        double[] prices = new double[m.getPricesCount()];
        for (int i = 0; i < prices.length; i++) {
            prices[i] = m.getPrices(i);
        }
        long[] quantities = new long[m.getQuantitiesCount()];
        for (int i = 0; i < quantities.length; i++) {
            quantities[i] = m.getQuantities(i);
        }
        return new Seed(m.getSourceId(), m.getSpecial(), m.getOrderCode(), m.getPriority(), prices, quantities);
    }

    // ---------------------------------------------------------------- MediaContent

    public static BenchProto.MediaContent toProto(MediaContent c) {
        BenchProto.MediaContent.Builder b = BenchProto.MediaContent.newBuilder();
        for (Image i : c.images) {
            BenchProto.Image.Builder ib = BenchProto.Image.newBuilder().setUri(i.uri).setWidth(i.width).setHeight(i.height)
                    .setSize(i.size == Image.Size.SMALL ? BenchProto.Image.Size.SMALL : BenchProto.Image.Size.LARGE);
            if (i.title != null) {
                ib.setTitle(i.title);
            }
            b.addImages(ib);
        }
        Media m = c.media;
        BenchProto.Media.Builder mb = BenchProto.Media.newBuilder().setUri(m.uri).setWidth(m.width).setHeight(m.height)
                .setFormat(m.format).setDuration(m.duration).setSize(m.size).setBitrate(m.bitrate)
                .setHasBitrate(m.hasBitrate).addAllPersons(m.persons)
                .setPlayer(m.player == Media.Player.JAVA ? BenchProto.Media.Player.JAVA : BenchProto.Media.Player.FLASH);
        if (m.title != null) {
            mb.setTitle(m.title);
        }
        if (m.copyright != null) {
            mb.setCopyright(m.copyright);
        }
        return b.setMedia(mb).build();
    }

    public static MediaContent readMediaContent(byte[] data, int length) {
        BenchProto.MediaContent p;
        try {
            p = BenchProto.MediaContent.parser().parseFrom(data, 0, length);
        } catch (InvalidProtocolBufferException e) {
            throw new IllegalStateException(e);
        }
        List<Image> images = new ArrayList<>(p.getImagesCount());
        for (BenchProto.Image i : p.getImagesList()) {
            images.add(new Image(i.getUri(), i.hasTitle() ? i.getTitle() : null, i.getWidth(), i.getHeight(),
                    i.getSize() == BenchProto.Image.Size.SMALL ? Image.Size.SMALL : Image.Size.LARGE));
        }
        BenchProto.Media m = p.getMedia();
        Media media = new Media(m.getUri(), m.hasTitle() ? m.getTitle() : null, m.getWidth(), m.getHeight(), m.getFormat(),
                m.getDuration(), m.getSize(), m.getBitrate(), m.getHasBitrate(), new ArrayList<>(m.getPersonsList()),
                m.getPlayer() == BenchProto.Media.Player.JAVA ? Media.Player.JAVA : Media.Player.FLASH,
                m.hasCopyright() ? m.getCopyright() : null);
        return new MediaContent(images, media);
    }
}

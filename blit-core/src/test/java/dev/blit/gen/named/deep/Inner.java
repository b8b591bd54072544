package dev.blit.gen.named.deep;

/** A class one package below {@code dev.blit.gen.named}: matched by {@code dev.blit.gen.named.**} only. */
public record Inner(String name) {
}

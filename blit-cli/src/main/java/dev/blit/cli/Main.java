package dev.blit.cli;

import java.util.Arrays;

/** The command-line entry point: {@code blit-cli.jar dump ...}. Only {@code dump} lives here for now. */
public final class Main {
    private Main() {
    }

    /** @param args a subcommand ("dump") and its arguments */
    public static void main(String[] args) {
        if (args.length > 0 && args[0].equals("dump")) {
            Dump.main(Arrays.copyOfRange(args, 1, args.length));
            return;
        }
        System.err.println("usage: blit dump [options] FILE|DIR|-   (blit dump --help for the options)");
        System.exit(2);
    }
}

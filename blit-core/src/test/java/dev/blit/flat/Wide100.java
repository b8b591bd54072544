package dev.blit.flat;

/** A flat class with more fields than one generated method handles (100 longs: 800 bytes). */
final class Wide100 {
        long f000;
        long f001;
        long f002;
        long f003;
        long f004;
        long f005;
        long f006;
        long f007;
        long f008;
        long f009;
        long f010;
        long f011;
        long f012;
        long f013;
        long f014;
        long f015;
        long f016;
        long f017;
        long f018;
        long f019;
        long f020;
        long f021;
        long f022;
        long f023;
        long f024;
        long f025;
        long f026;
        long f027;
        long f028;
        long f029;
        long f030;
        long f031;
        long f032;
        long f033;
        long f034;
        long f035;
        long f036;
        long f037;
        long f038;
        long f039;
        long f040;
        long f041;
        long f042;
        long f043;
        long f044;
        long f045;
        long f046;
        long f047;
        long f048;
        long f049;
        long f050;
        long f051;
        long f052;
        long f053;
        long f054;
        long f055;
        long f056;
        long f057;
        long f058;
        long f059;
        long f060;
        long f061;
        long f062;
        long f063;
        long f064;
        long f065;
        long f066;
        long f067;
        long f068;
        long f069;
        long f070;
        long f071;
        long f072;
        long f073;
        long f074;
        long f075;
        long f076;
        long f077;
        long f078;
        long f079;
        long f080;
        long f081;
        long f082;
        long f083;
        long f084;
        long f085;
        long f086;
        long f087;
        long f088;
        long f089;
        long f090;
        long f091;
        long f092;
        long f093;
        long f094;
        long f095;
        long f096;
        long f097;
        long f098;
        long f099;

    static Wide100 sample() {
        Wide100 w = new Wide100();
        for (java.lang.reflect.Field f : Wide100.class.getDeclaredFields()) {
            try {
                f.setLong(w, (long) f.getName().hashCode() << 20);
            } catch (IllegalAccessException e) {
                throw new AssertionError(e);
            }
        }
        return w;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof Wide100)) {
            return false;
        }
        for (java.lang.reflect.Field f : Wide100.class.getDeclaredFields()) {
            try {
                if (f.getLong(this) != f.getLong(o)) {
                    return false;
                }
            } catch (IllegalAccessException e) {
                throw new AssertionError(e);
            }
        }
        return true;
    }

    @Override
    public int hashCode() {
        return (int) f000;
    }
}

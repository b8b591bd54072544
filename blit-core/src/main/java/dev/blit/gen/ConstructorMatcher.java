package dev.blit.gen;

import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.lang.reflect.Parameter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Decides whether a constructor sets exactly the serialized fields of a class (or, for partial
 * construction, some of them including every final one), and which parameter sets which field. Three
 * ways, in order: parameter names (present when compiled with {@code -parameters}), the
 * constructor's bytecode ({@code this.f = param}, also through {@code super(...)}/{@code this(...)} calls that
 * pass parameters on), and parameter types that occur once. Each parameter must map to one field of the
 * same type, a different one each, and every field (every final field, for partial construction) must be
 * covered; anything less and the constructor is not used. A field whose value the constructor derives, or a
 * method of the object may set after it was stored, is never paired; {@link #confirms} tells a pairing the
 * bytecode shows from one resting on names or types, which ClassModel prefers among several constructors.
 */
final class ConstructorMatcher {
    static final int MAX_DELEGATION = 32;

    private final Class<?> type;
    private final List<Field> fields;
    /** Internal name -> class, for the class and its superclasses (the only owners a constructor's PUTFIELD may name). */
    private final Map<String, Class<?>> hierarchy = new HashMap<>();
    private final Map<Class<?>, byte[]> classFiles = new HashMap<>();
    /** What the object's own methods may write, for a constructor that calls one after storing a field. */
    private final MethodWrites methods;

    ConstructorMatcher(Class<?> type, List<Field> fields) {
        this.type = type;
        this.fields = fields;
        for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
            hierarchy.put(Type.getInternalName(c), c);
        }
        methods = new MethodWrites(this, type, hierarchy);
    }

    /**
     * @param ctor a constructor of the class
     * @return for each parameter the index of the field it sets, or null if the constructor does not set
     *         exactly the serialized fields
     */
    int[] match(Constructor<?> ctor) {
        return ctor.getParameterCount() == fields.size() ? map(ctor) : null;
    }

    /**
     * A constructor for a class whose other fields are set after it ran (ClassModel's partial construction):
     * fewer parameters than fields, each one setting a different field, every final field among them.
     *
     * @param ctor a constructor of the class
     * @return for each parameter the index of the field it sets, or null if it is not such a constructor
     */
    int[] matchPart(Constructor<?> ctor) {
        if (ctor.getParameterCount() >= fields.size()) {
            return null;
        }
        int[] map = map(ctor);
        if (map == null) {
            return null;
        }
        boolean[] covered = new boolean[fields.size()];
        for (int f : map) {
            covered[f] = true;
        }
        for (int f = 0; f < covered.length; f++) {
            if (!covered[f] && Modifier.isFinal(fields.get(f).getModifiers())) {
                return null;
            }
        }
        return map;
    }

    /**
     * Whether the constructor's bytecode shows each parameter {@code map} pairs stored unchanged into its field
     * ({@code this.f = p}, also through {@code super(...)}/{@code this(...)}), rather than the pairing resting on
     * names or types alone ({@code this.celsius = toCelsius(fahrenheit)} paired by type is not confirmed).
     *
     * @param ctor a constructor of the class
     * @param map  what {@link #match} or {@link #matchPart} answered for it
     * @return whether every pairing is confirmed
     */
    boolean confirms(Constructor<?> ctor, int[] map) {
        Map<Field, Integer> fromCode = analyse(type, Type.getConstructorDescriptor(ctor), 0, new HashSet<>());
        if (fromCode == null) {
            return false;
        }
        for (int p = 0; p < map.length; p++) {
            if (map[p] >= 0 && !Integer.valueOf(p).equals(fromCode.get(fields.get(map[p])))) {
                return false;
            }
        }
        return true;
    }

    /** In {@link #matchWithMessage}'s answer: the parameter that is the exception's message. */
    static final int MESSAGE = -1;
    /** In {@link #matchWithMessage}'s answer: the parameter that is the exception's cause. */
    static final int CAUSE = -2;

    /**
     * An exception's constructor that takes its own fields and its message, and perhaps its cause
     * ({@code Declined(String message, int code)}, {@code Failed(String message, Throwable cause, int status)},
     * passing them to {@code super}): a {@code String} and perhaps a {@code Throwable} parameter more than the
     * fields, setting none of them. The caller checks that the exception made says the message and has the cause
     * it was given.
     *
     * @param ctor a constructor of the class
     * @return for each parameter the index of the field it sets, {@link #MESSAGE} or {@link #CAUSE}; or null if it
     *         is not such a constructor, or if two of its parameters could be the message (or the cause)
     */
    int[] matchWithMessage(Constructor<?> ctor) {
        Class<?>[] params = ctor.getParameterTypes();
        int extra = params.length - fields.size();
        if (extra != 1 && extra != 2) {
            return null;
        }
        int[] found = null;
        for (int m = 0; m < params.length; m++) {
            if (params[m] != String.class) {
                continue;
            }
            for (int c = extra == 1 ? -1 : 0; c < (extra == 1 ? 0 : params.length); c++) {
                if (c == m || c >= 0 && !Throwable.class.isAssignableFrom(params[c])) {
                    continue;
                }
                int[] map = map(ctor, m, c);
                if (map != null) {
                    if (found != null) {
                        return null; // ambiguous
                    }
                    map[m] = MESSAGE;
                    if (c >= 0) {
                        map[c] = CAUSE;
                    }
                    found = map;
                }
            }
        }
        return found;
    }

    /**
     * For the message when no constructor is used: the serialized fields some constructor computes from its
     * arguments (see {@link #analyse}), in canonical order.
     */
    List<String> computedFields() {
        Set<Field> computed = new HashSet<>();
        for (Constructor<?> c : type.getDeclaredConstructors()) {
            analyse(type, Type.getConstructorDescriptor(c), 0, computed);
        }
        List<String> names = new ArrayList<>();
        for (Field f : fields) {
            if (computed.contains(f)) {
                names.add(f.getName());
            }
        }
        return names;
    }

    private int[] map(Constructor<?> ctor) {
        return map(ctor, -1, -1);
    }

    /**
     * Each parameter but {@code skip} and {@code skip2} to a different field of its type, by names, then bytecode,
     * then unique types; or null. The skipped ones (-1 for none) set no field: no field may take their name, nor
     * be stored from them; they are -1 in the answer.
     */
    private int[] map(Constructor<?> ctor, int skip, int skip2) {
        int n = ctor.getParameterCount();
        if (n == 0 || ctor.isSynthetic()) {
            return null;
        }
        Set<Field> computed = new HashSet<>();
        Map<Field, Integer> fromCode = analyse(type, Type.getConstructorDescriptor(ctor), 0, computed);
        int[] byName = byNames(ctor, skip, skip2);
        if (byName != null && agrees(byName, fromCode, computed)) {
            return byName;
        }
        int[] map = new int[n];
        java.util.Arrays.fill(map, -1);
        Class<?>[] params = ctor.getParameterTypes();
        boolean[] covered = new boolean[fields.size()];
        for (Field f : computed) {
            int i = fields.indexOf(f);
            if (i >= 0 && (fromCode == null || !fromCode.containsKey(f))) {
                covered[i] = true; // never paired by type below: the constructor computes it from its arguments
            }
        }
        if (fromCode != null) {
            for (Map.Entry<Field, Integer> e : fromCode.entrySet()) {
                int f = fields.indexOf(e.getKey());
                int p = e.getValue();
                if ((p == skip || p == skip2) && f >= 0) {
                    return null; // it sets a field: not the message (nor the cause)
                }
                if (f >= 0 && p >= 0 && p < n && map[p] < 0 && !covered[f] && params[p] == fields.get(f).getType()) {
                    map[p] = f;
                    covered[f] = true;
                }
            }
        }
        byUniqueTypes(params, map, covered, skip, skip2);
        for (int p = 0; p < n; p++) {
            if (map[p] < 0 && p != skip && p != skip2) {
                return null;
            }
        }
        return map;
    }

    /**
     * Whether pairing by names agrees with what the constructor's code does: a name says nothing of the body
     * ({@code Price(long cents) { this.cents = cents * 100; }}, {@code Range(int lo, int hi) { this.lo = hi; ... }}
     * compiled with {@code -parameters}), and a field the body computes, or stores from another parameter, would
     * change on every round trip. Where the code could not be read ({@code fromCode} null), names are taken as
     * they are.
     */
    private boolean agrees(int[] byName, Map<Field, Integer> fromCode, Set<Field> computed) {
        for (int p = 0; p < byName.length; p++) {
            if (byName[p] < 0) {
                continue;
            }
            Field f = fields.get(byName[p]);
            Integer stored = fromCode == null ? null : fromCode.get(f);
            if (stored != null ? stored != p : computed.contains(f)) {
                return false;
            }
        }
        return true;
    }

    private int[] byNames(Constructor<?> ctor, int skip, int skip2) {
        Parameter[] ps = ctor.getParameters();
        Map<String, Integer> index = new HashMap<>();
        for (int i = 0; i < fields.size(); i++) {
            if (index.put(fields.get(i).getName(), i) != null) {
                return null; // a shadowed field: names are ambiguous
            }
        }
        int[] map = new int[ps.length];
        boolean[] covered = new boolean[fields.size()];
        for (int i = 0; i < ps.length; i++) {
            if (!ps[i].isNamePresent()) {
                return null;
            }
            if (i == skip || i == skip2) {
                if (index.containsKey(ps[i].getName())) {
                    return null; // named as a field: not the message (nor the cause)
                }
                map[i] = -1;
                continue;
            }
            Integer f = index.get(ps[i].getName());
            if (f == null || covered[f] || fields.get(f).getType() != ps[i].getType()) {
                return null;
            }
            map[i] = f;
            covered[f] = true;
        }
        return map;
    }

    /**
     * Pairs each parameter still unmatched with the field of its type, if that type occurs exactly once among
     * all the parameters and exactly once among all the fields.
     */
    private void byUniqueTypes(Class<?>[] params, int[] map, boolean[] covered, int skip, int skip2) {
        for (int p = 0; p < params.length; p++) {
            if (map[p] >= 0 || p == skip || p == skip2) {
                continue;
            }
            int sameParams = 0;
            for (int q = 0; q < params.length; q++) {
                if (q != skip && q != skip2 && params[q] == params[p]) {
                    sameParams++;
                }
            }
            int found = -1;
            int sameFields = 0;
            for (int f = 0; f < fields.size(); f++) {
                if (fields.get(f).getType() == params[p]) {
                    sameFields++;
                    found = f;
                }
            }
            if (sameParams == 1 && sameFields == 1 && !covered[found]) {
                map[p] = found;
                covered[found] = true;
            }
        }
    }

    // ---------------------------------------------------------------- bytecode

    /**
     * @param computed gets the fields the constructor (or one it delegates to) stores a derived value into
     *                 ({@code this.cents = dollars * 100}, {@code this.enabled = !disabled}, a constant: see
     *                 {@link InitScanner}), and those a method of the object it calls afterwards may write: no
     *                 parameter is surely that field's value, and pairing one with it by name or type could change
     *                 the value on every round trip. A value passed through a method ({@code List.copyOf(items)},
     *                 {@code s.trim()}) is not counted: such normalizations give their result back unchanged.
     * @return field -> index of the parameter of constructor {@code owner.<init>desc} stored into it
     *         unchanged, or null when the class file is not available
     */
    private Map<Field, Integer> analyse(Class<?> owner, String desc, int depth, Set<Field> computed) {
        if (depth > MAX_DELEGATION) {
            return null;
        }
        byte[] bytes = classFile(owner);
        if (bytes == null) {
            return null;
        }
        InitScanner scanner = new InitScanner(owner, desc);
        try {
            new ClassReader(bytes).accept(new ClassVisitor(Opcodes.ASM9) {
                @Override
                public MethodVisitor visitMethod(int access, String name, String d, String signature, String[] exceptions) {
                    return name.equals("<init>") && d.equals(desc) ? scanner : null;
                }
            }, ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
        } catch (RuntimeException e) {
            return null; // a class file ASM cannot parse (newer than it knows): fall back to types
        }
        if (!scanner.seen) {
            return null;
        }
        Set<Field> derived = scanner.derivedFields();
        computed.addAll(derived);
        Map<Field, Integer> result = new HashMap<>();
        Set<Field> conflicting = new HashSet<>();
        for (Map.Entry<Field, Integer> e : scanner.direct.entrySet()) {
            Field f = e.getKey();
            int slot = e.getValue();
            int p = scanner.parameterAt(slot);
            if (scanner.overwritten(f) > scanner.directAt.get(f)) {
                computed.add(f); // a method of the object called after the store may set it
            } else if (p >= 0 && !scanner.stored.contains(slot) && scanner.writes.get(f) == 1) {
                result.put(f, p);
            }
        }
        if (scanner.delegateOwner != null) {
            Class<?> target = hierarchy.get(scanner.delegateOwner);
            Map<Field, Integer> inner = target == null ? null : analyse(target, scanner.delegateDesc, depth + 1, computed);
            if (inner != null && scanner.delegateComputed) {
                computed.addAll(inner.keySet()); // super(dollars * 100): which argument was computed is not tracked
            } else if (inner != null) {
                for (Map.Entry<Field, Integer> e : inner.entrySet()) {
                    int j = e.getValue();
                    if (j >= scanner.delegateSlots.size()) {
                        continue;
                    }
                    int slot = scanner.delegateSlots.get(j);
                    int p = scanner.parameterAt(slot);
                    Field f = e.getKey();
                    if (scanner.writes.containsKey(f)) {
                        conflicting.add(f); // reassigned after the delegated constructor set it
                        continue;
                    }
                    if (scanner.stored.contains(slot)) {
                        conflicting.add(f);
                        continue;
                    }
                    if (p < 0 || scanner.overwritten(f) > scanner.delegateAt) {
                        // this(a, b, true) passing a constant on, or a method of the object called after may set it
                        conflicting.add(f);
                        computed.add(f);
                        continue;
                    }
                    result.put(f, p);
                }
            }
        }
        result.keySet().removeAll(conflicting);
        return result;
    }

    byte[] classFile(Class<?> c) {
        if (classFiles.containsKey(c)) {
            return classFiles.get(c);
        }
        byte[] bytes = null;
        // A ".class" resource is never encapsulated, even in a named module.
        try (InputStream in = c.getResourceAsStream("/" + c.getName().replace('.', '/') + ".class")) {
            if (in != null) {
                bytes = in.readAllBytes();
            }
        } catch (IOException | RuntimeException e) {
            bytes = null;
        }
        classFiles.put(c, bytes);
        return bytes;
    }

    Field resolve(String owner, String name) {
        for (Class<?> c = hierarchy.get(owner); c != null && c != Object.class; c = c.getSuperclass()) {
            for (Field f : c.getDeclaredFields()) {
                if (f.getName().equals(name) && !Modifier.isStatic(f.getModifiers())) {
                    return f;
                }
            }
        }
        return null;
    }

    /** In a run of loads: a constant, which is no parameter ({@code this(a, b, true)}). */
    private static final int CONSTANT = -1;

    /**
     * Follows one constructor's instructions and records {@code ALOAD 0; xLOAD k; PUTFIELD f}, the
     * {@code ALOAD 0; xLOAD a1..an; INVOKESPECIAL <init>} of a super/this call (constants among the arguments
     * allowed), every field written, and every parameter slot reassigned. Anything between the loads and the store
     * breaks the pattern. It also records the fields whose value is derived rather than a parameter's, statement by
     * statement: an expression with arithmetic, a conversion, a string concatenation, a condition ({@code !flag},
     * {@code a == b ? x : y}, a switch), an array element, a local variable so derived, or no parameter or local at
     * all (a constant, a static field, another field). A method's result ({@code List.copyOf(items)}) is not derived:
     * such normalizations give their result back unchanged. And the fields a method of the object called afterwards
     * may write ({@link MethodWrites#writesOf}), where that pairing no longer holds.
     */
    private final class InitScanner extends MethodVisitor {
        final Class<?> owner;
        final int[] slotToParameter;
        final Map<Field, Integer> direct = new HashMap<>();
        /** For each field in {@link #direct}: the position of its store. */
        final Map<Field, Integer> directAt = new HashMap<>();
        final Map<Field, Integer> writes = new HashMap<>();
        final Set<Integer> stored = new HashSet<>();
        /** For each field a method of the object may write: the position of the last such call. */
        final Map<Field, Integer> overwrittenAt = new HashMap<>();
        /** Position of the last call that may write any field, or -1. */
        int everythingOverwrittenAt = -1;
        String delegateOwner;
        String delegateDesc;
        List<Integer> delegateSlots;
        /** Whether the arguments of the super/this call were computed ({@code super(dollars * 100)}). */
        boolean delegateComputed;
        int delegateAt;
        boolean seen;
        /** Slots loaded (or {@link #CONSTANT}s) since the last {@code ALOAD 0}, or null once anything else happened. */
        private List<Integer> run;
        /** Whether arithmetic or a string concatenation happened since the last {@code ALOAD 0}. */
        private boolean arithmetic;
        /** Since the last statement ended: whether the value is derived, whether a parameter or local was loaded. */
        private boolean derived;
        private boolean loaded;
        private final Set<Integer> derivedSlots = new HashSet<>();
        private final Set<org.objectweb.asm.Label> labels = new HashSet<>();
        private int position;
        private int jumps;
        private final Map<Field, Boolean> lastComputed = new HashMap<>();
        private final Map<Field, Integer> lastWriteJumps = new HashMap<>();
        private final Map<Field, Integer> firstComputedJumps = new HashMap<>();

        InitScanner(Class<?> owner, String desc) {
            super(Opcodes.ASM9);
            this.owner = owner;
            Type[] args = Type.getArgumentTypes(desc);
            int slots = 1;
            for (Type t : args) {
                slots += t.getSize();
            }
            slotToParameter = new int[slots];
            java.util.Arrays.fill(slotToParameter, -1);
            int slot = 1;
            for (int i = 0; i < args.length; i++) {
                slotToParameter[slot] = i;
                slot += args[i].getSize();
            }
        }

        int parameterAt(int slot) {
            return slot > 0 && slot < slotToParameter.length ? slotToParameter[slot] : -1;
        }

        /**
         * Position after which a method of the object may have written {@code f}, or -1: never for a final field,
         * which only a constructor of its class can store into (the JVM refuses a PUTFIELD of it anywhere else), so
         * handing the object to other code ({@code REGISTRY.add(this)}) cannot change it.
         */
        int overwritten(Field f) {
            if (Modifier.isFinal(f.getModifiers())) {
                return -1;
            }
            return Math.max(everythingOverwrittenAt, overwrittenAt.getOrDefault(f, -1));
        }

        /**
         * The fields whose last write is derived, or that were written derived and then again after a condition
         * ({@code if (c) this.x = 0; else this.x = x;}); a field initializer overwritten by the constructor is not.
         */
        Set<Field> derivedFields() {
            Set<Field> out = new HashSet<>();
            for (Map.Entry<Field, Boolean> e : lastComputed.entrySet()) {
                Field f = e.getKey();
                Integer first = firstComputedJumps.get(f);
                if (e.getValue() || first != null && lastWriteJumps.get(f) > first) {
                    out.add(f);
                }
            }
            return out;
        }

        private void endStatement() {
            derived = false;
            loaded = false;
        }

        @Override
        public void visitCode() {
            seen = true;
        }

        @Override
        public void visitLabel(org.objectweb.asm.Label label) {
            labels.add(label);
        }

        @Override
        public void visitVarInsn(int opcode, int var) {
            if (opcode >= Opcodes.ILOAD && opcode <= Opcodes.ALOAD) {
                if (opcode == Opcodes.ALOAD && var == 0) {
                    run = new ArrayList<>();
                    arithmetic = false;
                } else {
                    loaded = true;
                    derived |= derivedSlots.contains(var);
                    if (run != null) {
                        run.add(var);
                    }
                }
                return;
            }
            stored.add(var);
            if (derived || !loaded) {
                derivedSlots.add(var);
            }
            run = null;
            endStatement();
        }

        @Override
        public void visitIincInsn(int var, int increment) {
            stored.add(var);
            derivedSlots.add(var);
            run = null;
            endStatement();
        }

        @Override
        public void visitFieldInsn(int opcode, String fieldOwner, String name, String descriptor) {
            position++;
            if (opcode == Opcodes.PUTFIELD) {
                Field f = resolve(fieldOwner, name);
                if (f != null) {
                    writes.merge(f, 1, Integer::sum);
                    boolean single = run != null && run.size() == 1 && run.get(0) != CONSTANT;
                    if (single) {
                        direct.put(f, run.get(0));
                        directAt.put(f, position);
                    }
                    boolean plainParameter = single && parameterAt(run.get(0)) >= 0 && !derivedSlots.contains(run.get(0));
                    boolean c = !plainParameter && (derived || !loaded);
                    lastComputed.put(f, c);
                    lastWriteJumps.put(f, jumps);
                    if (c) {
                        firstComputedJumps.putIfAbsent(f, jumps);
                    }
                }
            }
            if (opcode == Opcodes.PUTFIELD || opcode == Opcodes.PUTSTATIC) {
                endStatement();
            }
            run = null;
        }

        @Override
        public void visitMethodInsn(int opcode, String methodOwner, String name, String descriptor, boolean isInterface) {
            position++;
            boolean delegation = false;
            if (opcode == Opcodes.INVOKESPECIAL && name.equals("<init>") && delegateOwner == null
                    && hierarchy.containsKey(methodOwner) && (run != null
                    && run.size() == Type.getArgumentTypes(descriptor).length || arithmetic || derived)) {
                delegateOwner = methodOwner;
                delegateDesc = descriptor;
                delegateSlots = run != null ? run : List.of();
                delegateComputed = run == null;
                delegateAt = position;
                delegation = true;
            }
            if (name.equals("append") && (methodOwner.equals("java/lang/StringBuilder") || methodOwner.equals("java/lang/StringBuffer"))
                    || name.equals("concat") && methodOwner.equals("java/lang/String")) {
                arithmetic = true; // a concatenation compiled without invokedynamic
                derived = true;
            }
            if (!delegation) {
                if (opcode != Opcodes.INVOKESTATIC && !name.equals("<init>") && methods.ownMethodOwner(methodOwner)) {
                    overwrittenBy(methods.writesOf(methodOwner, name, descriptor, opcode == Opcodes.INVOKESPECIAL, new HashSet<>(), 0));
                } else if (MethodWrites.takesThis(opcode, descriptor, run) && !methodOwner.equals("java/lang/Object")) {
                    overwrittenBy(null); // the object handed to other code, which may set its fields
                }
            }
            if (delegation || !name.equals("<init>") && Type.getReturnType(descriptor) == Type.VOID_TYPE) {
                endStatement();
            }
            run = null;
        }

        private void overwrittenBy(Set<Field> fieldsWritten) {
            if (fieldsWritten == null) {
                everythingOverwrittenAt = position;
            } else {
                for (Field f : fieldsWritten) {
                    overwrittenAt.put(f, position);
                }
            }
        }

        @Override
        public void visitInsn(int opcode) {
            if (opcode >= Opcodes.ACONST_NULL && opcode <= Opcodes.DCONST_1) {
                if (run != null) {
                    run.add(CONSTANT);
                }
                return;
            }
            if (opcode >= Opcodes.IADD && opcode <= Opcodes.LXOR) { // +, -, *, /, %, negation, shifts, and, or, xor
                arithmetic = true;
                derived = true;
            }
            if (opcode >= Opcodes.I2L && opcode <= Opcodes.DCMPG || opcode >= Opcodes.IALOAD && opcode <= Opcodes.SALOAD
                    || opcode == Opcodes.ARRAYLENGTH) {
                derived = true; // conversions, comparisons, array elements and lengths
            }
            if (opcode == Opcodes.POP || opcode == Opcodes.POP2 || opcode == Opcodes.ATHROW
                    || opcode >= Opcodes.IRETURN && opcode <= Opcodes.RETURN) {
                endStatement();
            }
            run = null;
        }

        @Override
        public void visitIntInsn(int opcode, int operand) {
            if (opcode != Opcodes.NEWARRAY && run != null) {
                run.add(CONSTANT);
                return;
            }
            derived = true;
            run = null;
        }

        @Override
        public void visitTypeInsn(int opcode, String t) {
            if (opcode == Opcodes.INSTANCEOF || opcode == Opcodes.ANEWARRAY) {
                derived = true;
            }
            run = null;
        }

        @Override
        public void visitJumpInsn(int opcode, org.objectweb.asm.Label label) {
            jumps++;
            if (opcode == Opcodes.GOTO && labels.contains(label)) {
                endStatement(); // the end of a loop's body
            } else {
                derived = true; // a condition: !flag, a == b ? x : y
            }
            run = null;
        }

        @Override
        public void visitLdcInsn(Object value) {
            if (run != null) {
                run.add(CONSTANT);
            }
        }

        @Override
        public void visitTableSwitchInsn(int min, int max, org.objectweb.asm.Label dflt, org.objectweb.asm.Label... labels) {
            jumps++;
            derived = true;
            run = null;
        }

        @Override
        public void visitLookupSwitchInsn(org.objectweb.asm.Label dflt, int[] keys, org.objectweb.asm.Label[] labels) {
            jumps++;
            derived = true;
            run = null;
        }

        @Override
        public void visitMultiANewArrayInsn(String descriptor, int numDimensions) {
            derived = true;
            run = null;
        }

        @Override
        public void visitInvokeDynamicInsn(String name, String descriptor, org.objectweb.asm.Handle bsm, Object... args) {
            if (bsm.getOwner().equals("java/lang/invoke/StringConcatFactory")) {
                arithmetic = true; // "Mr. " + name
                derived = true;
            }
            run = null;
        }
    }
}

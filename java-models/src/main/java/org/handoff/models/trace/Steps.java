package org.handoff.models.trace;

import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * How a port runs its steps. Each call of a step method (the spec's action of the same name) goes
 * through here, so a mutant that replaces a step method is run, recorded and observed as what it
 * does. {@link #DIRECT} calls the step and nothing else: that is how a port runs unless a trace is
 * recorded ({@link #recordedBy}) or a test observes it (the combining lock's node-reuse stage), and
 * it adds no shared access, so the model checkers and the stress tests see the port's own steps.
 * What a step observed ({@code fields}) is computed only when it is recorded, inside the step's
 * atomic action.
 */
public interface Steps {
    /** Only the step. */
    Steps DIRECT = new Steps() {
        @Override
        public <T> T step(String action, Object subject, Supplier<T> step, BiFunction<TraceRecorder, T, String> fields) {
            return step.get();
        }

        @Override
        public void after(String action, Object subject, Function<TraceRecorder, String> fields) {
        }
    };

    /**
     * Runs the step {@code action} on {@code subject} (the node or context it acts on, or null) and
     * returns its result; {@code fields} says what it observed, for a trace.
     */
    <T> T step(String action, Object subject, Supplier<T> step, BiFunction<TraceRecorder, T, String> fields);

    /**
     * A step that has already run and is recorded after it: a wait that has returned on a stable
     * condition (see {@link TraceRecorder#after}), or the second of two stores recorded as one.
     */
    void after(String action, Object subject, Function<TraceRecorder, String> fields);

    /** {@link #step} for a step with no result. */
    default void run(String action, Object subject, Runnable step, Function<TraceRecorder, String> fields) {
        step(action, subject, () -> {
            step.run();
            return null;
        }, (r, v) -> fields.apply(r));
    }

    /**
     * For a trace: names {@code o} after the calling thread unless it has a name already (an object
     * a thread starts with that the port did not register, such as CLH's first node of each thread).
     */
    default void nameForThread(Object o) {
    }

    /** Each step as one atomic action of {@code recorder}, each wait recorded once it has returned. */
    static Steps recordedBy(TraceRecorder recorder) {
        return new Recorded(recorder);
    }

    /** The steps of {@link #recordedBy}. */
    record Recorded(TraceRecorder recorder) implements Steps {
        @Override
        public <T> T step(String action, Object subject, Supplier<T> step, BiFunction<TraceRecorder, T, String> fields) {
            return recorder.atomic(action, step, v -> fields.apply(recorder, v));
        }

        @Override
        public void after(String action, Object subject, Function<TraceRecorder, String> fields) {
            recorder.after(action, () -> fields.apply(recorder));
        }

        @Override
        public void nameForThread(Object o) {
            if (!recorder.named(o)) {
                recorder.name(o, recorder.thread());
            }
        }
    }
}

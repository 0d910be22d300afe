package org.handoff.models.trace;

/**
 * A port that can record its steps for trace validation. Set the recorder before any thread uses
 * the lock (thread start then publishes it); a port with no recorder records nothing.
 */
public interface Traceable {
    void traceTo(TraceRecorder recorder);
}

package org.handoff.core;

/**
 * An error the user can act on: bad input, a missing file, a tool that failed. Its message is one
 * line that names the problem; the CLI prints it without a stack trace and exits non-zero.
 */
public class HandoffException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public HandoffException(String message) {
        super(message);
    }

    public HandoffException(String message, Throwable cause) {
        super(message, cause);
    }
}

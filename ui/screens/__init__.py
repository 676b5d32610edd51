"""One component per screen."""

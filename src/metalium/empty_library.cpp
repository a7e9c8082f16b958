// Intentionally empty: a library name zyx's build links, whose contents live in libtt_metal.

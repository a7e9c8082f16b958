// A shared object that is not a metal device plugin.
extern "C" int zyxtt_something_else() { return 1; }

// Says hello from a data movement processor; DPRINT needs no include.
void kernel_main() {
  DPRINT << "Hello from data movement core (" << (uint32_t)get_absolute_logical_x() << ","
         << (uint32_t)get_absolute_logical_y() << ") arg " << get_arg_val<uint32_t>(0) << ENDL();
}

/* Only the compiler and linker flags of libwoff2enc (pkg-config's libwoff2enc), whose API is C++:
   Swift sees none of it, only Sources/CWOFF2's C functions. */

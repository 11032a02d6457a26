# swizzlegen for CMake: the CUDA headers of Java tile declarations, generated as part of the build.
#
#   include(Swizzlegen)
#   swizzlegen_generate_headers(<target> JAVA_SOURCES <files...> [NAMESPACE <a::b>]
#                               [REPORTS <json,svg|json|svg|NONE>])
#   target_link_libraries(<your CUDA target> PRIVATE <target>)
#
# runs javac with the swizzlegen processor on the declarations (-proc:only: annotation processing
# alone, no classes), before anything that links <target> is compiled and again whenever a
# declaration changes, and makes <target> an INTERFACE library whose include directory holds
# swizzlegen/<name>.cuh, and beside each header its JSON report and picture
# (swizzlegen/<name>.json; a tile's swizzlegen/<name>-bank-map.svg, a @SharedStorage's
# swizzlegen/<name>-storage-map.svg; REPORTS chooses, NONE writes neither).
# A declaration with an error (a bank conflict, a bad attribute) fails the
# build with javac's message on the attribute.
#
# The processor comes from SWIZZLEGEN_PROCESSOR_PATH (a list of jars or class directories: the
# processor, the runtime, the annotations) and the declarations compile against
# SWIZZLEGEN_CLASSPATH (the annotations, and the runtime, which the generated Java helpers use). Left empty, both are taken from the local Maven repository,
# where `mvn -B -q -DskipTests install` in the swizzlegen repository puts version SWIZZLEGEN_VERSION.
# javac is found by find_package(Java); set Java_JAVAC_EXECUTABLE to choose one (JDK 17 or newer).

set(SWIZZLEGEN_VERSION "0.1.0-SNAPSHOT" CACHE STRING "swizzlegen version in the local Maven repository")
set(SWIZZLEGEN_PROCESSOR_PATH "" CACHE STRING "swizzlegen processor path (list); empty: the local Maven repository")
set(SWIZZLEGEN_CLASSPATH "" CACHE STRING "class path of the tile declarations (list); empty: the local Maven repository")

function(_swizzlegen_maven_jar out group artifact version)
  if(DEFINED ENV{HOME})
    set(repository "$ENV{HOME}/.m2/repository")
  else()
    set(repository "$ENV{USERPROFILE}/.m2/repository")
  endif()
  string(REPLACE "." "/" group_path "${group}")
  set(jar "${repository}/${group_path}/${artifact}/${version}/${artifact}-${version}.jar")
  if(NOT EXISTS "${jar}")
    message(FATAL_ERROR "swizzlegen: ${jar} not found. Run `mvn -B -q -DskipTests install` in the"
      " swizzlegen repository, or set SWIZZLEGEN_PROCESSOR_PATH and SWIZZLEGEN_CLASSPATH.")
  endif()
  set(${out} "${jar}" PARENT_SCOPE)
endfunction()

# The path javac wants: the list's entries joined by the platform's separator.
function(_swizzlegen_path out)
  if(WIN32)
    string(REPLACE ";" "$<SEMICOLON>" joined "${ARGN}")
  else()
    string(REPLACE ";" ":" joined "${ARGN}")
  endif()
  set(${out} "${joined}" PARENT_SCOPE)
endfunction()

function(swizzlegen_generate_headers target)
  cmake_parse_arguments(ARG "" "NAMESPACE;REPORTS" "JAVA_SOURCES" ${ARGN})
  if(NOT DEFINED ARG_REPORTS)
    set(ARG_REPORTS "json,svg")
  endif()
  if(NOT ARG_JAVA_SOURCES)
    message(FATAL_ERROR "swizzlegen_generate_headers(${target}): no JAVA_SOURCES")
  endif()
  find_package(Java 17 REQUIRED COMPONENTS Development)

  set(processor_path ${SWIZZLEGEN_PROCESSOR_PATH})
  set(classpath ${SWIZZLEGEN_CLASSPATH})
  if(NOT processor_path OR NOT classpath)
    _swizzlegen_maven_jar(annotations dev.swizzlegen swizzlegen-annotations ${SWIZZLEGEN_VERSION})
    _swizzlegen_maven_jar(runtime dev.swizzlegen swizzlegen-runtime ${SWIZZLEGEN_VERSION})
    _swizzlegen_maven_jar(processor dev.swizzlegen swizzlegen-processor ${SWIZZLEGEN_VERSION})
    if(NOT processor_path)
      set(processor_path ${processor} ${runtime} ${annotations})
    endif()
    if(NOT classpath)
      set(classpath ${annotations} ${runtime})
    endif()
  endif()
  _swizzlegen_path(processor_path_arg ${processor_path})
  _swizzlegen_path(classpath_arg ${classpath})
  set(options)
  if(ARG_NAMESPACE)
    list(APPEND options "-Aswizzlegen.namespace=${ARG_NAMESPACE}")
  endif()
  if(NOT ARG_REPORTS STREQUAL "NONE")
    list(APPEND options "-Aswizzlegen.reports=${ARG_REPORTS}")
  endif()

  set(out "${CMAKE_CURRENT_BINARY_DIR}/${target}")
  set(stamp "${out}/generated.stamp")
  set(sources)
  foreach(source IN LISTS ARG_JAVA_SOURCES)
    get_filename_component(absolute "${source}" ABSOLUTE)
    list(APPEND sources "${absolute}")
  endforeach()
  add_custom_command(
    OUTPUT "${stamp}"
    # A fresh folder each time: a renamed tile leaves no header behind.
    COMMAND "${CMAKE_COMMAND}" -E rm -rf "${out}/include"
    COMMAND "${CMAKE_COMMAND}" -E rm -rf "${out}/classes"
    COMMAND "${CMAKE_COMMAND}" -E make_directory "${out}/include"
    COMMAND "${CMAKE_COMMAND}" -E make_directory "${out}/classes"
    # The Java helpers are class files: into a folder of their own, not the working directory.
    COMMAND "${Java_JAVAC_EXECUTABLE}" -proc:only -implicit:none
            -classpath "${classpath_arg}" -processorpath "${processor_path_arg}"
            -s "${out}/include" -d "${out}/classes" ${options} ${sources}
    COMMAND "${CMAKE_COMMAND}" -E touch "${stamp}"
    DEPENDS ${sources}
    COMMENT "swizzlegen: CUDA headers of ${target}"
    VERBATIM)
  add_custom_target(${target}_headers DEPENDS "${stamp}")
  add_library(${target} INTERFACE)
  target_include_directories(${target} INTERFACE "${out}/include")
  add_dependencies(${target} ${target}_headers)
endfunction()

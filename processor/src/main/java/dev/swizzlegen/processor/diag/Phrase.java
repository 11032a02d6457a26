package dev.swizzlegen.processor.diag;

/** Words said inside another error's message ({@link Messages#PHRASES}), blaming nothing. */
public sealed interface Phrase {
  // Why a name cannot be generated: the problem of a NameFromType or a BadName, a sentence.
  record NotIdentifier(String name) implements Phrase {}
  record Keyword(String name) implements Phrase {}
  record ReservedToImplementation(String name) implements Phrase {}
  record NamespacePart(String name, String namespace) implements Phrase {}
  record JavaClassDeclared(String name, String javaClass) implements Phrase {}
  record HeaderIdentifier(String name) implements Phrase {}
  record LibraryName(String name) implements Phrase {}
  record CudaApi(String name) implements Phrase {}
  record MacroPrefix(String name, String prefix) implements Phrase {}
  record StorageMember(String name) implements Phrase {}
  record Accessor(String accessor, String problem) implements Phrase {}

  // Why -Aswizzlegen.namespace= (the option as given) cannot be declared: a sentence.
  record NamespaceNotCpp(String option, String problem) implements Phrase {}
  record NamespaceStd(String option) implements Phrase {}
  record NamespaceFuture(String option, String outermost) implements Phrase {}
  record NamespaceUnderscore(String option, String outermost) implements Phrase {}

  // What declares a storage's member: the other of a MemberCollision.
  record OwnedByStruct(String storage) implements Phrase {}
  record OwnedByStorage(String member) implements Phrase {}
  record OwnedByPhaseChange(String helper) implements Phrase {}
  record OwnedByTwin(String constant) implements Phrase {}
  record OwnedByBuffer(String buffer, String member) implements Phrase {}

  /** A derived tile's {@code violation} in words, said after its derived {@code swizzle}. */
  record Derived(String swizzle, String violation) implements Phrase {}
}
